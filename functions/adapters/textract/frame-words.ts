import { DetectDocumentTextCommand, TextractClient } from '@aws-sdk/client-textract';
import { wordsFromTextract } from '../../core/search/frames.js';
import type { FrameWord } from '../../core/search/model.js';

const textract = new TextractClient({});

/**
 * The words with their boxes on one image of the bucket: Textract DetectDocumentText (the local edition's
 * endpoint answers the same way). Textract's errors propagate (the OCR Map catches them per frame).
 */
export async function readFrameWords(bucket: string, key: string): Promise<FrameWord[]> {
  const answer = await textract.send(new DetectDocumentTextCommand({ Document: { S3Object: { Bucket: bucket, Name: key } } }));
  return wordsFromTextract(answer.Blocks ?? []);
}
