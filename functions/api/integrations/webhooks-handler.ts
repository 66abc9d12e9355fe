import { S3Client } from '@aws-sdk/client-s3';
import { connectContext } from '../../adapters/integrations/connect-context.js';
import { readConfig } from '../../config.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createRecordingStorage } from '../../adapters/storage/s3-recordings.js';
import { createApiHandler } from '../http/router.js';
import { webhookRoutes, type WebhookDeps } from './webhooks.js';

let deps: WebhookDeps | undefined;
const build = (): WebhookDeps => {
  const ctx = connectContext();
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const meetings = createMeetingsRepository(documentClient, config.TABLE_NAME);
  const storage = createRecordingStorage(new S3Client({}), config.MEDIA_BUCKET);
  return {
    connect: ctx.connect, connections: ctx.connections, imports: ctx.imports, startImport: ctx.startImport,
    zoomCredentials: ctx.zoomCredentials, webexCredentials: ctx.webexCredentials,
    nowSeconds: () => Math.floor(Date.now() / 1000),
    async deleteMeeting(meetingId) {
      await storage.removeMeetingObjects(meetingId);
      await meetings.remove(meetingId);
    },
  };
};

/** POST /api/webhooks/{zoom|webex}/ (no bearer token: the provider's signature authenticates the call). */
export const handler = createApiHandler(webhookRoutes(() => (deps ??= build())));
