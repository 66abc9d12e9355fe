import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { indexFrames, type OcrFrame } from '../../core/search/indexing.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);
const ports = { meetings: createMeetingsRepository(documentClient, config.TABLE_NAME), index: createSearchIndex(readSearchIndexConfig()) };

/** One Map result: the OCR file of a frame, or a failure the Map caught (that frame is left out). */
export type OcrOutcome = { ocrKey: string } | { failed: true; error?: unknown };

/** Video branch, last step: indexes every frame whose OCR succeeded. Returns how many were indexed and how many failed. */
export const handler = async (input: { meetingId: string; results: OcrOutcome[] }): Promise<{ indexed: number; failed: number }> => {
  const keys = input.results.flatMap((r) => ('ocrKey' in r ? [r.ocrKey] : []));
  const frames: OcrFrame[] = [];
  for (let i = 0; i < keys.length; i += 16) frames.push(...await Promise.all(keys.slice(i, i + 16).map((k) => files.getJson<OcrFrame>(k))));
  const indexed = await indexFrames(ports, input.meetingId, frames);
  return { indexed, failed: input.results.length - keys.length };
};
