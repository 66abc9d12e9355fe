import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { connectContext } from '../../wiring/integrations.js';
import { s3Client } from '../../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../../adapters/storage/s3-recordings.js';
import { readConfig } from '../../config.js';
import { billingAdapters } from '../../wiring/billing.js';
import { webhookRoutes as stripeWebhookRoutes } from '../billing/webhook-routes.js';
import { createApiHandler } from '../http/router.js';
import { webhookRoutes as providerWebhookRoutes, type WebhookDeps } from '../integrations/webhooks.js';
import { todoistWebhookRoutes, type TodoistWebhookDeps } from '../integrations/todoist-webhook.js';
import { createActionItemsStore, createTodoistSyncRecords } from '../../adapters/insights/action-items-store.js';
import { providerCredentials } from '../../adapters/integrations/provider-settings.js';

const config = readConfig(['TABLE_NAME']);

let providerDeps: WebhookDeps | undefined;
/** Built on the first Zoom/Webex delivery, so a Stripe delivery never depends on the integrations' settings. */
const buildProviderDeps = (): WebhookDeps => {
  const ctx = connectContext();
  const { MEDIA_BUCKET } = readConfig(['MEDIA_BUCKET']);
  const meetings = createMeetingsRepository(documentClient, config.TABLE_NAME);
  const storage = createRecordingStorage(s3Client, MEDIA_BUCKET);
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

let todoistDeps: TodoistWebhookDeps | undefined;
/** Todoist's completions: the app's client secret signs them; they change action items (docs/integrations.md). */
const buildTodoistDeps = (): TodoistWebhookDeps => {
  const credentials = providerCredentials(readConfig(['TODOIST_SECRET_ID']).TODOIST_SECRET_ID, { webhookSecret: false });
  return {
    clientSecret: async () => (await credentials()).clientSecret,
    items: createActionItemsStore(documentClient, config.TABLE_NAME),
    ...createTodoistSyncRecords(documentClient, config.TABLE_NAME),
  };
};

/**
 * /api/webhooks/...: every third party's webhooks, without a bearer token (each provider's signature authenticates
 * the call): POST stripe/ (billing, docs/billing.md), POST zoom/ and webex/ (imports, docs/integrations.md), POST todoist/
 * (task completions → action items).
 */
export const handler = createApiHandler([
  ...stripeWebhookRoutes(billingAdapters(documentClient, config.TABLE_NAME)),
  ...providerWebhookRoutes(() => (providerDeps ??= buildProviderDeps())),
  ...todoistWebhookRoutes(() => (todoistDeps ??= buildTodoistDeps())),
]);
