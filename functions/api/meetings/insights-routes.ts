import type { S3Client } from '@aws-sdk/client-s3';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createInsightsStore } from '../../adapters/insights/insights-store.js';
import type { Caller } from '../../core/meetings/access.js';
import { getNotes, getSentiments, type ReadInsightsDependencies } from '../../core/insights/read-insights.js';
import { route, type Route } from '../http/router.js';

/** GET meetings/{id}/sentiments_data/ and GET meetings/{id}/generated_notes/ (spec §7), for anyone who sees the meeting. */
export function insightsRoutes(d: ReadInsightsDependencies): Route<any>[] {
  return [
    route({ method: 'GET', path: 'meetings/{id}/sentiments_data/', auth: 'user',
      handle: ({ principal, params }) => getSentiments(d, principal as Caller, params.id) }),
    route({ method: 'GET', path: 'meetings/{id}/generated_notes/', auth: 'user',
      handle: ({ principal, params }) => getNotes(d, principal as Caller, params.id) }),
  ];
}

/** The insights routes over the real adapters (composition for handler.ts). */
export function insightsRoutesOver(s3: S3Client, config: { TABLE_NAME: string; MEDIA_BUCKET: string }): Route<any>[] {
  return insightsRoutes({
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    insights: createInsightsStore(documentClient, config.TABLE_NAME, s3, config.MEDIA_BUCKET),
  });
}
