import { readConfig } from '../config.js';
import { splitSentences } from '../core/insights/sentences.js';
import { turnsOf, type Sentence } from '../core/insights/transcript.js';
import { artefactKeys } from '../core/pipeline/artefact-keys.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { createInsightsStore } from '../adapters/insights/insights-store.js';

/** The input the insight tasks read from the state: the run's meeting and BuildTranscript's result. */
export interface InsightTaskInput {
  readonly meetingId: string;
  readonly artefacts?: { readonly transcript?: { readonly jsonKey?: string } };
}

/** Adapters of the insight tasks (sentiment, notes), created once per container (Comprehend's client lives with the sentiment task). */
export function insightsContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const files = createMediaBucket(config.MEDIA_BUCKET);
  return {
    config,
    documentClient,
    insights: createInsightsStore(documentClient, config.TABLE_NAME, files),
    files,
    /** The transcript's sentences, its duration and the document they come from. Throws InvalidTranscript or the SDK's NoSuchKey. */
    async readSentences(input: InsightTaskInput): Promise<{ sentences: Sentence[]; durationSeconds: number | undefined; document: unknown }> {
      // Where BuildTranscript writes the transcript when the state does not say.
      const key = input.artefacts?.transcript?.jsonKey ?? artefactKeys.transcript(input.meetingId);
      const document = await files.getJson<{ durationSeconds?: number | null }>(key);
      return { sentences: splitSentences(turnsOf(document)), durationSeconds: document.durationSeconds ?? undefined, document };
    },
  };
}
