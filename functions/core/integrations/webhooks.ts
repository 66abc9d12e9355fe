/**
 * Inbound webhooks of the integrations (docs/integrations.md), as Stripe's are in core/billing/webhooks.ts: each use case
 * takes one delivery (the raw body exactly as it arrived and the headers that sign it), checks the signature over the raw
 * body before anything is parsed, and answers with what to send back. A forged, stale or malformed delivery throws a
 * domain error (401 WebhookRefused, 400 MalformedWebhook) and changes nothing.
 * - Zoom (POST /api/webhooks/zoom/): the URL validation challenge, `recording.completed` (starts an idempotent import run,
 *   so the answer comes well within Zoom's 3 s) and `app_deauthorized` (disconnects; deletes the imported meetings unless
 *   Zoom says the user's data may be kept).
 * - Webex (POST /api/webhooks/webex/): `recordings`/`created` of the webhook registered for one user, signed with that
 *   user's webhook secret.
 * - Todoist (POST /api/webhooks/todoist/): task completions and reopenings → action items (core/action-items/todoist-sync.ts).
 */
import { createHash } from 'node:crypto';
import { applyTodoistEvent, type TodoistSyncDeps } from '../action-items/todoist-sync.js';
import { DetailError } from '../errors.js';
import { disconnect, type ConnectDeps } from './connect.js';
import type { ImportRecords, ImportRequest } from './import-recording.js';
import type { ConnectionStore } from './ports.js';
import type { ProviderRecording } from './recordings.js';
import {
  verifyTodoistSignature, verifyWebexSignature, verifyZoomSignature, zoomUrlValidation, type SignatureVerdict,
} from './webhook-signatures.js';

/** 401: the delivery is not signed by the provider (missing, bad or stale signature, or no webhook of ours). */
export class WebhookRefused extends DetailError {
  readonly name = 'WebhookRefused';
  readonly statusCode = 401;
  constructor(verdict: Exclude<SignatureVerdict, 'valid'>) { super(`Webhook signature ${verdict.replace('_', ' ')}.`); }
}

/** 400: a signed delivery whose body is not the provider's event. */
export class MalformedWebhook extends DetailError {
  readonly name = 'MalformedWebhook';
  readonly statusCode = 400;
}

/** What a webhook answers with 200: what was done with the delivery. */
export interface WebhookAck { readonly detail: string }

/** One delivery: the body exactly as API Gateway passed it (base64-decoded), and the provider's headers. */
export interface ZoomDelivery { readonly rawBody: string; readonly signature?: string; readonly timestamp?: string }
export interface WebexDelivery { readonly rawBody: string; readonly signature?: string }
export interface TodoistDelivery { readonly rawBody: string; readonly signature?: string; readonly deliveryId?: string }

export interface ZoomWebhookDeps {
  readonly connect: ConnectDeps;
  readonly connections: Pick<ConnectionStore, 'userFor' | 'unlink'>;
  readonly imports: Pick<ImportRecords, 'listForUser' | 'remove'>;
  readonly startImport: (request: ImportRequest) => Promise<unknown>;
  /** The secret token of the Zoom app's event subscription. */
  readonly webhookSecret: () => Promise<string>;
  /** Zoom's recording object of a `recording.completed` event, as the import's hint (adapters/integrations/zoom.ts). */
  readonly recordingOf: (object: ZoomRecordingPayload) => ProviderRecording;
  /** Deletes a meeting and its stored objects (Zoom deauthorization without data retention). */
  readonly deleteMeeting: (meetingId: string) => Promise<void>;
  readonly nowSeconds: () => number;
}

export interface WebexWebhookDeps {
  readonly connections: Pick<ConnectionStore, 'userFor'>;
  readonly startImport: (request: ImportRequest) => Promise<unknown>;
  /** The secret the webhook registered for this user signs with. */
  readonly webhookSecretFor: (userId: string) => Promise<string>;
}

export interface TodoistWebhookDeps extends TodoistSyncDeps {
  /** The Todoist app's client secret: Todoist signs its webhooks with it. */
  readonly clientSecret: () => Promise<string>;
}

/** The part of Zoom's recording object the use case reads; the adapter maps the whole object. */
export interface ZoomRecordingPayload { readonly uuid: string; readonly host_id: string; readonly [field: string]: unknown }

type JsonObject = Readonly<Record<string, unknown>>;

const objectOf = (value: unknown): JsonObject | undefined => (value && typeof value === 'object' ? value as JsonObject : undefined);

function parseObject(raw: string, arraysToo: boolean): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return arraysToo || !Array.isArray(value) ? objectOf(value) : undefined;
  } catch {
    return undefined;
  }
}

function verified(verdict: SignatureVerdict): void {
  if (verdict !== 'valid') throw new WebhookRefused(verdict);
}

/** `POST /api/webhooks/zoom/`. Returns the challenge answer of `endpoint.url_validation`, else what was done. */
export async function receiveZoomWebhook(
  deps: ZoomWebhookDeps, delivery: ZoomDelivery,
): Promise<WebhookAck | { plainToken: string; encryptedToken: string }> {
  const secret = await deps.webhookSecret();
  const headers = { signature: delivery.signature, timestamp: delivery.timestamp };
  verified(verifyZoomSignature(secret, delivery.rawBody, headers, deps.nowSeconds()));
  const body = parseObject(delivery.rawBody, true);
  if (!body || typeof body.event !== 'string') throw new MalformedWebhook('The webhook body is not a Zoom event.');
  if (body.event === 'endpoint.url_validation') {
    const plainToken = objectOf(body.payload)?.plainToken;
    if (typeof plainToken !== 'string' || !plainToken) throw new MalformedWebhook('plainToken is missing.');
    return zoomUrlValidation(secret, plainToken);
  }
  if (body.event === 'recording.completed') return zoomRecordingCompleted(deps, objectOf(objectOf(body.payload)?.object));
  if (body.event === 'app_deauthorized') return zoomAppDeauthorized(deps, objectOf(body.payload));
  return { detail: `Event ${body.event} ignored.` };
}

async function zoomRecordingCompleted(deps: ZoomWebhookDeps, object: JsonObject | undefined): Promise<WebhookAck> {
  if (!object?.uuid || !object.host_id) throw new MalformedWebhook('The recording event has no uuid or host_id.');
  const recording = object as ZoomRecordingPayload;
  const userId = await deps.connections.userFor('zoom', recording.host_id);
  if (!userId) return { detail: 'No connected user for this host; ignored.' };
  await deps.startImport({ service: 'zoom', userId, recordingId: recording.uuid, hint: deps.recordingOf(recording) });
  return { detail: 'Import started.' };
}

/**
 * Zoom's `app_deauthorized`: the user removed the app at Zoom. The connection goes (as on removal in MeetScribe), and
 * unless `user_data_retention` is true, so do the meetings imported from that Zoom account (Zoom's data-deletion rule).
 */
async function zoomAppDeauthorized(deps: ZoomWebhookDeps, payload: JsonObject | undefined): Promise<WebhookAck> {
  const zoomUserId = payload?.user_id;
  if (typeof zoomUserId !== 'string') throw new MalformedWebhook('The deauthorization event has no user_id.');
  const userId = await deps.connections.userFor('zoom', zoomUserId);
  if (!userId) return { detail: 'Unknown user; nothing stored.' };
  await disconnect(deps.connect, userId, 'zoom');
  await deps.connections.unlink('zoom', zoomUserId, userId);
  if (String(payload?.user_data_retention) !== 'true') {
    for (const record of await deps.imports.listForUser(userId, 'zoom')) {
      await deps.deleteMeeting(record.meetingId);
      await deps.imports.remove('zoom', record.recordingId, userId);
    }
  }
  return { detail: 'Deauthorized.' };
}

/** `POST /api/webhooks/webex/`: the webhook id names the user whose webhook this is; that user's secret must have signed the body. */
export async function receiveWebexWebhook(deps: WebexWebhookDeps, delivery: WebexDelivery): Promise<WebhookAck> {
  const body = parseObject(delivery.rawBody, true);
  if (!delivery.signature) throw new WebhookRefused('missing');
  if (!body || typeof body.id !== 'string') throw new MalformedWebhook('The webhook body is not a Webex event.');
  const userId = await deps.connections.userFor('webex', body.id);
  if (!userId) throw new WebhookRefused('bad_signature');
  verified(verifyWebexSignature(await deps.webhookSecretFor(userId), delivery.rawBody, delivery.signature));
  if (body.resource !== 'recordings' || body.event !== 'created') return { detail: 'Event ignored.' };
  const recordingId = objectOf(body.data)?.id;
  if (typeof recordingId !== 'string' || !recordingId) throw new MalformedWebhook('The recording event has no data.id.');
  await deps.startImport({ service: 'webex', userId, recordingId });
  return { detail: 'Import started.' };
}

const isoOr = (value: unknown, fallback: string): string => {
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
};

/**
 * `POST /api/webhooks/todoist/` (issue 33): `item:completed` / `item:uncompleted` mark the action item a task was made from
 * done or open. Answers 200 whatever the outcome: Todoist retries anything else, and there is nothing more to do with it.
 */
export async function receiveTodoistWebhook(deps: TodoistWebhookDeps, delivery: TodoistDelivery, now = new Date()): Promise<WebhookAck> {
  verified(verifyTodoistSignature(await deps.clientSecret(), delivery.rawBody, delivery.signature));
  const body = parseObject(delivery.rawBody, false);
  const task = objectOf(body?.event_data);
  if (!body || typeof body.event_name !== 'string' || !task || typeof task.id !== 'string') {
    throw new MalformedWebhook('The webhook body is not a Todoist event.');
  }
  const digest = createHash('sha256').update(delivery.rawBody).digest('hex');
  const at = isoOr(task.completed_at, isoOr(task.updated_at, isoOr(body.triggered_at, now.toISOString())));
  const outcome = await applyTodoistEvent(deps, {
    deliveryId: delivery.deliveryId ?? digest, bodyDigest: digest, eventName: body.event_name, taskId: task.id, at,
  });
  return { detail: `Event ${body.event_name}: ${outcome.replace('_', ' ')}.` };
}
