/**
 * Inbound provider webhooks: POST /api/webhooks/zoom/ and /api/webhooks/webex/ (the use cases of
 * core/integrations/webhooks.ts). The signature is checked over the raw body before anything is parsed; a forged,
 * stale or unparsable delivery gets a 4xx and changes nothing.
 */
import { receiveWebexWebhook, receiveZoomWebhook, type WebexWebhookDeps, type ZoomWebhookDeps } from '../../core/integrations/webhooks.js';
import { header, rawBodyText } from '../http/request.js';
import { route } from '../http/router.js';

export type WebhookDeps = ZoomWebhookDeps & WebexWebhookDeps;

export function webhookRoutes(deps: () => WebhookDeps) {
  return [
    route({ method: 'POST', path: 'webhooks/zoom/', auth: 'public', handle: ({ event }) => receiveZoomWebhook(deps(), {
      rawBody: rawBodyText(event), signature: header(event, 'x-zm-signature'), timestamp: header(event, 'x-zm-request-timestamp'),
    }) }),
    route({ method: 'POST', path: 'webhooks/webex/', auth: 'public', handle: ({ event }) => receiveWebexWebhook(deps(), {
      rawBody: rawBodyText(event), signature: header(event, 'x-spark-signature'),
    }) }),
  ];
}
