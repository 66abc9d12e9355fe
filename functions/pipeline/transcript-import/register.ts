import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import { registerImportedTranscript } from '../../core/pipeline/transcript-import-run.js';
import { pipelineContext, type PipelineState, type TranscriptResult } from '../../wiring/pipeline.js';

const ctx = pipelineContext();

/**
 * ImportTranscript, the transcript branch's BuildTranscript: the document the import call stored becomes the meeting's
 * transcript (txt, transcript item with the file's speaker names, status ready); the same UseTranscript steps follow.
 */
export const handler = async (state: PipelineState): Promise<TranscriptResult> =>
  registerImportedTranscript(ctx, state.meetingId, artefactKeys.transcript(state.meetingId), artefactKeys.transcriptText(state.meetingId));
