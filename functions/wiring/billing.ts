import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createBillingStore, createUsageLedger } from '../adapters/dynamodb/billing-repository.js';
import { cachedSecretString, secretsClient } from '../adapters/secrets/secret-value.js';
import { createStripeClient } from '../adapters/stripe/client.js';
import { createStripeProvider } from '../adapters/stripe/stripe-provider.js';
import { readConfig, readOptionalConfig } from '../config.js';
import { freePlanMinutes } from '../core/billing/ledger.js';
import type { PaymentProvider } from '../core/billing/model.js';
import type Stripe from 'stripe';

/**
 * The billing adapters of a container: Stripe (secret key and webhook secret from Secrets Manager, an
 * optional STRIPE_API_BASE for the local edition's Stripe server) and the billing items of the main table.
 */
export function billingAdapters(client: DynamoDBDocumentClient, tableName: string) {
  const config = readConfig(['STRIPE_SECRET_KEY_ID', 'STRIPE_WEBHOOK_SECRET_ID']);
  const optional = readOptionalConfig(['STRIPE_API_BASE', 'MEETSCRIBE_FREE_PLAN_MINUTES', 'STRIPE_PUBLISHABLE_KEY']);
  const secretKey = cachedSecretString(secretsClient, config.STRIPE_SECRET_KEY_ID);
  let stripe: Promise<Stripe> | undefined;
  const provider: PaymentProvider = createStripeProvider({
    client: () => {
      stripe ??= secretKey().then((key) => createStripeClient({ secretKey: key, apiBase: optional.STRIPE_API_BASE }));
      stripe.catch(() => { stripe = undefined; });
      return stripe;
    },
    webhookSecret: cachedSecretString(secretsClient, config.STRIPE_WEBHOOK_SECRET_ID),
  });
  return {
    provider,
    store: createBillingStore(client, tableName),
    ledger: createUsageLedger(client, tableName),
    freeMinutes: freePlanMinutes(optional.MEETSCRIBE_FREE_PLAN_MINUTES),
    publishableKey: optional.STRIPE_PUBLISHABLE_KEY,
    now: Date.now,
  };
}
