import { providerWebhookContext, stripeWebhookContext, todoistWebhookContext } from '../../wiring/webhooks.js';
import { webhookRoutes as stripeWebhookRoutes } from '../billing/webhook-routes.js';
import { createApiHandler } from '../http/router.js';
import { webhookRoutes as providerWebhookRoutes } from '../integrations/webhooks.js';
import { todoistWebhookRoutes } from '../integrations/todoist-webhook.js';

/**
 * /api/webhooks/...: every third party's webhooks, without a bearer token (each provider's signature authenticates
 * the call): POST stripe/ (billing, docs/billing.md), POST zoom/ and webex/ (imports, docs/integrations.md), POST todoist/
 * (task completions → action items). Each context is built on its first delivery (functions/wiring/webhooks.ts).
 */
export const handler = createApiHandler([
  ...stripeWebhookRoutes(stripeWebhookContext()),
  ...providerWebhookRoutes(providerWebhookContext),
  ...todoistWebhookRoutes(todoistWebhookContext),
]);
