import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { readConfig } from '../../config.js';
import { splitSentences } from '../../core/insights/sentences.js';
import { turnsOf, type Sentence } from '../../core/insights/transcript.js';
import { documentClient } from '../dynamodb/client.js';
import { createInsightsStore } from './insights-store.js';

/** Where BuildTranscript writes the transcript when the state does not say (functions/core/pipeline/artefact-keys.ts). */
const transcriptKey = (meetingId: string) => `artefacts/${meetingId}/transcript.json`;

/** The input the insight tasks read from the state: the run's meeting and BuildTranscript's result. */
export interface InsightTaskInput {
  readonly meetingId: string;
  readonly artefacts?: { readonly transcript?: { readonly jsonKey?: string } };
}

/** Adapters of the insight tasks (sentiment, notes), created once per container (Comprehend's client lives with the sentiment task). */
export function insightsContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const s3 = new S3Client({});
  return {
    config,
    documentClient,
    insights: createInsightsStore(documentClient, config.TABLE_NAME, s3, config.MEDIA_BUCKET),
    /** The transcript's sentences and its duration. Throws InvalidTranscript or the SDK's NoSuchKey. */
    async readSentences(input: InsightTaskInput): Promise<{ sentences: Sentence[]; durationSeconds: number | undefined }> {
      const key = input.artefacts?.transcript?.jsonKey ?? transcriptKey(input.meetingId);
      const out = await s3.send(new GetObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: key }));
      const document = JSON.parse(await out.Body!.transformToString('utf8')) as { durationSeconds?: number | null };
      return { sentences: splitSentences(turnsOf(document)), durationSeconds: document.durationSeconds ?? undefined };
    },
  };
}
