/**
 * The webhooks handler's contexts (POST /api/webhooks/{stripe,zoom,webex,todoist}/), each built on its first delivery
 * and once per container, so a Stripe delivery never depends on the integrations' settings (and the reverse).
 * Throws ConfigError.
 */
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createActionItemsStore, createTodoistSyncRecords } from '../adapters/insights/action-items-store.js';
import { providerCredentials } from '../adapters/integrations/provider-settings.js';
import { webexWebhookSecret } from '../adapters/integrations/webex.js';
import { toProviderRecording, type ZoomRecordingObject } from '../adapters/integrations/zoom.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../adapters/storage/s3-recordings.js';
import { readConfig } from '../config.js';
import type { WebhookDeps as StripeWebhookDeps } from '../core/billing/webhooks.js';
import type { TodoistWebhookDeps, WebexWebhookDeps, ZoomWebhookDeps } from '../core/integrations/webhooks.js';
import { billingAdapters } from './billing.js';
import { connectContext } from './integrations.js';

let stripe: StripeWebhookDeps | undefined;
let providers: (ZoomWebhookDeps & WebexWebhookDeps) | undefined;
let todoist: TodoistWebhookDeps | undefined;

/** Stripe's events → the stored subscription (docs/billing.md). */
export function stripeWebhookContext(): StripeWebhookDeps {
  stripe ??= billingAdapters(documentClient, readConfig(['TABLE_NAME']).TABLE_NAME);
  return stripe;
}

/** Zoom's and Webex's events → imports and deauthorizations (docs/integrations.md). */
export function providerWebhookContext(): ZoomWebhookDeps & WebexWebhookDeps {
  providers ??= buildProviders();
  return providers;
}

/** Todoist's completions: the app's client secret signs them; they change action items (docs/integrations.md). */
export function todoistWebhookContext(): TodoistWebhookDeps {
  todoist ??= buildTodoist();
  return todoist;
}

function buildProviders(): ZoomWebhookDeps & WebexWebhookDeps {
  const ctx = connectContext();
  const { TABLE_NAME, MEDIA_BUCKET } = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const meetings = createMeetingsRepository(documentClient, TABLE_NAME);
  const storage = createRecordingStorage(s3Client, MEDIA_BUCKET);
  return {
    connect: ctx.connect, connections: ctx.connections, imports: ctx.imports, startImport: ctx.startImport,
    webhookSecret: async () => (await ctx.zoomCredentials()).webhookSecret,
    webhookSecretFor: async (userId) => webexWebhookSecret((await ctx.webexCredentials()).webhookSecret, userId),
    recordingOf: (object) => toProviderRecording(object as unknown as ZoomRecordingObject),
    nowSeconds: () => Math.floor(Date.now() / 1000),
    async deleteMeeting(meetingId) {
      await storage.removeMeetingObjects(meetingId);
      await meetings.remove(meetingId);
    },
  };
}

function buildTodoist(): TodoistWebhookDeps {
  const { TABLE_NAME, TODOIST_SECRET_ID } = readConfig(['TABLE_NAME', 'TODOIST_SECRET_ID']);
  const credentials = providerCredentials(TODOIST_SECRET_ID, { webhookSecret: false });
  return {
    clientSecret: async () => (await credentials()).clientSecret,
    items: createActionItemsStore(documentClient, TABLE_NAME),
    ...createTodoistSyncRecords(documentClient, TABLE_NAME),
  };
}
