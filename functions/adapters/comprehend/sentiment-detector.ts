import { BatchDetectSentimentCommand, ComprehendClient, type LanguageCode } from '@aws-sdk/client-comprehend';
import type { BatchOutcome, SentimentDetector } from '../../core/insights/model.js';

/**
 * SentimentDetector over Amazon Comprehend BatchDetectSentiment (or the local endpoint speaking its
 * protocol). The caller keeps Comprehend's limits (25 texts, 5,000 bytes each); SDK errors propagate.
 */
export function createComprehendDetector(client: ComprehendClient, languageCode: LanguageCode = 'en'): SentimentDetector {
  return {
    async detectBatch(texts): Promise<BatchOutcome> {
      const out = await client.send(new BatchDetectSentimentCommand({ TextList: [...texts], LanguageCode: languageCode }));
      return {
        results: (out.ResultList ?? []).map((r) => ({
          index: r.Index ?? -1,
          detected: {
            Sentiment: r.Sentiment ?? 'NEUTRAL',
            SentimentScore: {
              Positive: r.SentimentScore?.Positive ?? 0, Negative: r.SentimentScore?.Negative ?? 0,
              Neutral: r.SentimentScore?.Neutral ?? 0, Mixed: r.SentimentScore?.Mixed ?? 0,
            },
          },
        })),
        errors: (out.ErrorList ?? []).map((e) => ({ index: e.Index ?? -1, code: e.ErrorCode ?? 'Unknown', message: e.ErrorMessage ?? '' })),
      };
    },
  };
}

/** The container's detector over its one Comprehend client (endpoint from AWS_ENDPOINT_URL_COMPREHEND locally). */
export const comprehendDetector = (): SentimentDetector => createComprehendDetector(new ComprehendClient({}));
