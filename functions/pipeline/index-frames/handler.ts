import { documentClient } from '../../adapters/dynamodb/client.js';
import { logger } from '../../adapters/logging/logger.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../../adapters/dynamodb/transcripts-repository.js';
import { createInsightsStore } from '../../adapters/insights/insights-store.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { createSlidesStore } from '../../adapters/storage/slides-store.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { refreshChapters } from '../../core/chapters/meeting-chapters.js';
import { indexFrames, type OcrFrame } from '../../core/search/indexing.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);
const slides = createSlidesStore(files);
const ports = { meetings: createMeetingsRepository(documentClient, config.TABLE_NAME), index: createSearchIndex(readSearchIndexConfig()) };
const chapterPorts = {
  transcripts: createTranscripts(documentClient, config.TABLE_NAME), files, slides,
  notes: createInsightsStore(documentClient, config.TABLE_NAME, files),
};

/** One Map result: the OCR file of a frame, or a failure the Map caught (that frame is left out). */
export type OcrOutcome = { ocrKey: string } | { failed: true; error?: unknown };

/**
 * Video branch, last step: indexes one search hit per slide (frames with the same text are one slide), stores the
 * slides, and puts them into the chapters of notes already made. Returns frames indexed and failed, and the slide count.
 */
export const handler = async (input: { meetingId: string; results: OcrOutcome[] }): Promise<{ indexed: number; failed: number; slides: number }> => {
  const keys = input.results.flatMap((r) => ('ocrKey' in r ? [r.ocrKey] : []));
  const frames: OcrFrame[] = [];
  for (let i = 0; i < keys.length; i += 16) frames.push(...await Promise.all(keys.slice(i, i + 16).map((k) => files.getJson<OcrFrame>(k))));
  const indexed = await indexFrames(ports, input.meetingId, frames);
  await slides.saveSlides(input.meetingId, indexed.slides);
  try {
    await refreshChapters(chapterPorts, input.meetingId);
  } catch (error) {
    // The frames are read and searchable; chapters without their slides are no reason to call them failed.
    logger.error('Could not put the slides into the chapters', { meetingId: input.meetingId, error: (error as Error).message });
  }
  return { indexed: indexed.frames, failed: input.results.length - keys.length, slides: indexed.slides.length };
};
