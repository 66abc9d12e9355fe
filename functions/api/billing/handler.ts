import { documentClient } from '../../adapters/dynamodb/client.js';
import { readConfig } from '../../config.js';
import { createApiHandler } from '../http/router.js';
import { billingAdapters } from './deps.js';
import { webhookRoutes } from './webhook-routes.js';

const config = readConfig(['TABLE_NAME']);

/** /api/webhooks/...: the payment provider's webhooks (the Billing context's own function; docs/billing.md). */
export const handler = createApiHandler(webhookRoutes(billingAdapters(documentClient, config.TABLE_NAME)));
