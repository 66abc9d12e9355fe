import Stripe from 'stripe';

/**
 * The Stripe API version this code is written against, pinned explicitly (set the same version on the
 * webhook endpoint in the Dashboard). It is the version stripe-node 23.1.0 is typed for; the facts this
 * flow relies on hold since basil (2025-03-31): `discounts` instead of `coupon`, billing periods on
 * subscription items, `latest_invoice.confirmation_secret` (docs/billing.md).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeConnection {
  readonly secretKey: string;
  /** Base URL of a Stripe-compatible server (the local edition's); unset for api.stripe.com. */
  readonly apiBase?: string;
}

/** A stripe-node client; with `apiBase` it talks to that host, port and protocol instead of api.stripe.com. */
export function createStripeClient(connection: StripeConnection): Stripe {
  const base = connection.apiBase ? new URL(connection.apiBase) : undefined;
  return new Stripe(connection.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base ? {
      host: base.hostname,
      port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
      protocol: base.protocol.replace(':', '') as 'http' | 'https',
    } : {}),
  });
}
