import { DetectDocumentTextCommand, TextractClient } from '@aws-sdk/client-textract';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { readConfig } from '../../config.js';
import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import { wordsFromTextract } from '../../core/search/frames.js';
import type { OcrFrame } from '../../core/search/indexing.js';
import type { FrameRef } from '../extract-frames/handler.js';

const config = readConfig(['MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);
const textract = new TextractClient({});

/**
 * Video branch, one Map iteration: Textract DetectDocumentText on one frame (the local edition's
 * endpoint answers the same way), its words with boxes stored as {image}.ocr.json. Returns the key
 * and the word count, keeping the Map's output small. Textract errors propagate (the Map catches them).
 */
export const handler = async (input: { meetingId: string; frame: FrameRef }): Promise<{ ocrKey: string; words: number }> => {
  const { frame } = input;
  const answer = await textract.send(new DetectDocumentTextCommand({ Document: { S3Object: { Bucket: config.MEDIA_BUCKET, Name: frame.imageKey } } }));
  const result: OcrFrame = {
    timestamp: frame.timestamp, imageKey: frame.imageKey, thumbnailKey: frame.thumbnailKey, width: frame.width, height: frame.height,
    words: wordsFromTextract(answer.Blocks ?? []),
  };
  const ocrKey = artefactKeys.frameOcr(frame.imageKey);
  await files.putJson(ocrKey, result);
  return { ocrKey, words: result.words.length };
};
