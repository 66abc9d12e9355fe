import { useLiteEmbedder } from '../../adapters/embeddings/use-lite.js';
import { createPassageIndex } from '../../adapters/passage-index/index.js';
import { readSearchIndexConfig } from '../../config.js';
import { indexMeetingPassages } from '../../core/ask/indexing.js';
import { pipelineContext } from '../../wiring/pipeline.js';

const ctx = pipelineContext();
const ports = {
  meetings: ctx.meetings, transcripts: ctx.transcripts, files: ctx.artefacts,
  passages: createPassageIndex(readSearchIndexConfig()), embedder: useLiteEmbedder(),
};

/** After IndexSpokenWords: the transcript's passages with their vectors into the passage index (Ask). Returns the passage count. */
export const handler = async (input: { meetingId: string }): Promise<{ passages: number }> =>
  ({ passages: await indexMeetingPassages(ports, input.meetingId) });
