import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { readFrameWords } from '../../adapters/textract/frame-words.js';
import { readConfig } from '../../config.js';
import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import type { OcrFrame } from '../../core/search/indexing.js';
import type { FrameRef } from '../../core/pipeline/run-state.js';

const config = readConfig(['MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);

/**
 * Video branch, one Map iteration: Textract DetectDocumentText on one frame (the local edition's
 * endpoint answers the same way), its words with boxes stored as {image}.ocr.json. Returns the key
 * and the word count, keeping the Map's output small. Textract errors propagate (the Map catches them).
 */
export const handler = async (input: { meetingId: string; frame: FrameRef }): Promise<{ ocrKey: string; words: number }> => {
  const { frame } = input;
  const result: OcrFrame = {
    timestamp: frame.timestamp, imageKey: frame.imageKey, thumbnailKey: frame.thumbnailKey, width: frame.width, height: frame.height,
    words: await readFrameWords(config.MEDIA_BUCKET, frame.imageKey),
  };
  const ocrKey = artefactKeys.frameOcr(frame.imageKey);
  await files.putJson(ocrKey, result);
  return { ocrKey, words: result.words.length };
};
