import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../../adapters/dynamodb/processing-repository.js';
import { createInsightsStore } from '../../adapters/insights/insights-store.js';
import { notesEngineFromConfig } from '../../adapters/insights/notes-engine.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { getNotes, getSentiments, type ReadInsightsDependencies } from '../../core/insights/read-insights.js';
import { regenerateNotes, type RegenerateNotesPorts } from '../../core/notes/regenerate.js';
import { route, type Route } from '../http/router.js';

/**
 * GET meetings/{id}/sentiments_data/ and GET meetings/{id}/generated_notes/ (spec §7), for anyone who sees the meeting;
 * POST meetings/{id}/regenerate_notes/ (host only) drafts the notes again with the current speaker names.
 */
export function insightsRoutes(d: ReadInsightsDependencies, regenerate?: RegenerateNotesPorts): Route<any>[] {
  return [
    route({ method: 'GET', path: 'meetings/{id}/sentiments_data/', auth: 'user',
      handle: ({ principal, params }) => getSentiments(d, principal, params.id) }),
    route({ method: 'GET', path: 'meetings/{id}/generated_notes/', auth: 'user',
      handle: ({ principal, params }) => getNotes(d, principal, params.id) }),
    ...(regenerate ? [route({ method: 'POST', path: 'meetings/{id}/regenerate_notes/', auth: 'user',
      handle: ({ principal, params }) => regenerateNotes(regenerate, principal, params.id) })] : []),
  ];
}

/** The insights routes over the real adapters (composition for handler.ts). */
export function insightsRoutesOver(s3: S3Client, config: { TABLE_NAME: string; MEDIA_BUCKET: string }): Route<any>[] {
  const meetings = createMeetingsRepository(documentClient, config.TABLE_NAME);
  const files = createMediaBucket(config.MEDIA_BUCKET, s3);
  const insights = createInsightsStore(documentClient, config.TABLE_NAME, files);
  return insightsRoutes({ meetings, insights }, {
    meetings, insights,
    transcripts: createProcessingRepository(documentClient, config.TABLE_NAME),
    files,
    engine: notesEngineFromConfig(),
    newId: randomUUID,
  });
}
