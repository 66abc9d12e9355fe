import { handleProviderEvent, type WebhookDeps } from '../../core/billing/webhooks.js';
import { header, rawBodyText } from '../http/request.js';
import { route } from '../http/router.js';

/**
 * `POST /api/webhooks/stripe/`: Stripe's signed events. The signature is checked over the raw body
 * exactly as API Gateway delivered it (base64-decoded when it says so), never over re-serialized JSON.
 */
export function webhookRoutes(deps: WebhookDeps) {
  return [
    route({ method: 'POST', path: 'webhooks/stripe/', auth: 'public',
      handle: ({ event }) => handleProviderEvent(deps, rawBodyText(event), header(event, 'stripe-signature')) }),
  ];
}
