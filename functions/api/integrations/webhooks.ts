/**
 * Inbound provider webhooks: POST /api/webhooks/zoom/ and /api/webhooks/webex/. The signature is checked over
 * the raw body before anything is parsed; a forged, stale or unparsable delivery gets a 4xx and changes nothing.
 * Accepted events only start (idempotent) import runs, so the answer comes well within Zoom's 3 s.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { disconnect, type ConnectDeps } from '../../core/integrations/connect.js';
import type { ImportRecords, ImportRequest } from '../../core/integrations/import-recording.js';
import type { ConnectionStore } from '../../core/integrations/ports.js';
import { verifyWebexSignature, verifyZoomSignature, zoomUrlValidation } from '../../core/integrations/webhook-signatures.js';
import type { ProviderCredentials } from '../../adapters/integrations/provider-settings.js';
import { toProviderRecording, type ZoomRecordingObject } from '../../adapters/integrations/zoom.js';
import { webexWebhookSecret } from '../../adapters/integrations/webex.js';
import { header } from '../http/request.js';
import { HttpResponse } from '../http/response.js';
import { route } from '../http/router.js';

export interface WebhookDeps {
  readonly connect: ConnectDeps;
  readonly connections: ConnectionStore;
  readonly imports: ImportRecords;
  readonly startImport: (request: ImportRequest) => Promise<unknown>;
  readonly zoomCredentials: () => Promise<ProviderCredentials>;
  readonly webexCredentials: () => Promise<ProviderCredentials>;
  readonly nowSeconds: () => number;
  /** Deletes a meeting and its stored objects (Zoom deauthorization without data retention). */
  readonly deleteMeeting: (meetingId: string) => Promise<void>;
}

const rawBody = (event: APIGatewayProxyEvent) =>
  event.body == null ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

const reject = (status: number, detail: string) => new HttpResponse(status, { detail });

function parse(raw: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function webhookRoutes(deps: () => WebhookDeps) {
  return [
    route({ method: 'POST', path: 'webhooks/zoom/', auth: 'public', handle: async ({ event }) => {
      const d = deps();
      const raw = rawBody(event);
      const { webhookSecret } = await d.zoomCredentials();
      const verdict = verifyZoomSignature(webhookSecret, raw, { signature: header(event, 'x-zm-signature'), timestamp: header(event,
        'x-zm-request-timestamp') }, d.nowSeconds());
      if (verdict !== 'valid') return reject(401, `Webhook signature ${verdict.replace('_', ' ')}.`);
      const body = parse(raw);
      if (!body || typeof body.event !== 'string') return reject(400, 'The webhook body is not a Zoom event.');
      if (body.event === 'endpoint.url_validation') {
        const plainToken = body.payload?.plainToken;
        if (typeof plainToken !== 'string' || !plainToken) return reject(400, 'plainToken is missing.');
        return zoomUrlValidation(webhookSecret, plainToken);
      }
      if (body.event === 'recording.completed') {
        const object = body.payload?.object as ZoomRecordingObject | undefined;
        if (!object?.uuid || !object.host_id) return reject(400, 'The recording event has no uuid or host_id.');
        const userId = await d.connections.userFor('zoom', object.host_id);
        if (!userId) return new HttpResponse(200, { detail: 'No connected user for this host; ignored.' });
        await d.startImport({ service: 'zoom', userId, recordingId: object.uuid, hint: toProviderRecording(object) });
        return new HttpResponse(200, { detail: 'Import started.' });
      }
      if (body.event === 'app_deauthorized') {
        const zoomUserId = body.payload?.user_id;
        if (typeof zoomUserId !== 'string') return reject(400, 'The deauthorization event has no user_id.');
        const userId = await d.connections.userFor('zoom', zoomUserId);
        if (!userId) return new HttpResponse(200, { detail: 'Unknown user; nothing stored.' });
        await disconnect(d.connect, userId, 'zoom');
        await d.connections.unlink('zoom', zoomUserId, userId);
        if (String(body.payload?.user_data_retention) !== 'true') {
          for (const record of await d.imports.listForUser(userId, 'zoom')) {
            await d.deleteMeeting(record.meetingId);
            await d.imports.remove('zoom', record.recordingId, userId);
          }
        }
        return new HttpResponse(200, { detail: 'Deauthorized.' });
      }
      return new HttpResponse(200, { detail: `Event ${body.event} ignored.` });
    } }),

    route({ method: 'POST', path: 'webhooks/webex/', auth: 'public', handle: async ({ event }) => {
      const d = deps();
      const raw = rawBody(event);
      const body = parse(raw);
      const signature = header(event, 'x-spark-signature');
      if (!signature) return reject(401, 'Webhook signature missing.');
      if (!body || typeof body.id !== 'string') return reject(400, 'The webhook body is not a Webex event.');
      // The webhook id names the user whose webhook this is; that user's secret must have signed the body.
      const userId = await d.connections.userFor('webex', body.id);
      if (!userId) return reject(401, 'Webhook signature bad signature.');
      const secret = webexWebhookSecret((await d.webexCredentials()).webhookSecret, userId);
      if (verifyWebexSignature(secret, raw, signature) !== 'valid') return reject(401, 'Webhook signature bad signature.');
      if (body.resource !== 'recordings' || body.event !== 'created') return new HttpResponse(200, { detail: 'Event ignored.' });
      const recordingId = body.data?.id;
      if (typeof recordingId !== 'string' || !recordingId) return reject(400, 'The recording event has no data.id.');
      await d.startImport({ service: 'webex', userId, recordingId });
      return new HttpResponse(200, { detail: 'Import started.' });
    } }),
  ];
}
