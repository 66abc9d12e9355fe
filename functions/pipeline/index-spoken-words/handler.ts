import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { indexSpokenWords, type TranscriptWord } from '../../core/search/indexing.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);
const ports = { meetings: createMeetingsRepository(documentClient, config.TABLE_NAME), index: createSearchIndex(readSearchIndexConfig()) };

/** As much of BuildTranscript's transcript.json as indexing reads: turns with their speaker label and timed words. */
interface TranscriptTurns { turns: ReadonlyArray<{ speakerLabel: string; words: ReadonlyArray<{ text: string; start: number; end: number }> }> }

/** After BuildTranscript: indexes the transcript's words as spoken passages. Returns the passage count. */
export const handler = async (input: { meetingId: string; jsonKey: string }): Promise<{ segments: number }> => {
  const transcript = await files.getJson<TranscriptTurns>(input.jsonKey);
  const words: TranscriptWord[] = transcript.turns.flatMap((t) => t.words.map((w) => ({ text: w.text, start: w.start, end: w.end, speaker: t.speakerLabel })));
  return { segments: await indexSpokenWords(ports, input.meetingId, words) };
};
