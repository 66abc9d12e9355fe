import { paymentRequest, trialRequest, type StripeConfig } from '../../contracts/billing.js';
import {
  cancelSubscription, createPaymentIntent, currentSubscription, customerPortal, listProducts, subscribeTrial, type BillingDeps,
} from '../../core/billing/subscription.js';
import { route } from '../http/router.js';

/**
 * The Subscription calls of spec §7. They live under /api/users/, which API Gateway routes to the
 * AuthUsers function, so that handler mounts these routes (docs/billing.md).
 */
export function billingRoutes(deps: BillingDeps & { readonly publishableKey?: string }) {
  return [
    // Not in spec §7: the SPA's card entry loads Stripe.js with this key, or shows the local test-card form without one.
    route({ method: 'GET', path: 'users/get_stripe_config/', auth: 'public',
      handle: async (): Promise<StripeConfig> => ({ publishable_key: deps.publishableKey ?? null }) }),
    route({ method: 'GET', path: 'users/get_stripe_products/', auth: 'public', handle: () => listProducts(deps) }),
    route({ method: 'GET', path: 'users/get_subscription/', auth: 'user', handle: ({ principal }) => currentSubscription(deps, principal) }),
    route({ method: 'POST', path: 'users/create_payment_intent/', auth: 'user', body: paymentRequest,
      handle: ({ body, principal }) => createPaymentIntent(deps, principal, body) }),
    route({ method: 'POST', path: 'users/subscribe_trial/', auth: 'user', body: trialRequest,
      handle: ({ body, principal }) => subscribeTrial(deps, principal, body) }),
    route({ method: 'POST', path: 'users/cancel_subscription/', auth: 'user', handle: ({ principal }) => cancelSubscription(deps, principal) }),
    route({ method: 'POST', path: 'users/get_customer_portal/', auth: 'user', handle: ({ principal }) => customerPortal(deps, principal) }),
  ];
}
