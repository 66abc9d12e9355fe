import type Stripe from 'stripe';
import { InvalidSignature, PaymentDeclined, PaymentRejected, PaymentUnavailable } from '../../core/billing/errors.js';
import type {
  BillingEvent, CardDetails, CreatedSubscription, Interval, NewSubscription, PaymentProvider, Plan, SubscriptionSnapshot,
} from '../../core/billing/model.js';

/** Stripe's default signature tolerance, applied both ways (a signed event more than 5 minutes old or ahead is refused). */
export const STRIPE_TOLERANCE_SECONDS = 300;

export interface StripeProviderOptions {
  /** Resolves the client (the secret key is read from Secrets Manager on first use). */
  readonly client: () => Promise<Stripe>;
  readonly webhookSecret: () => Promise<string>;
  /** How long the plan catalogue is cached in the container. @default 60 s */
  readonly catalogueTtlMs?: number;
  readonly now?: () => number;
}

const SUBSCRIPTION_EXPAND = ['default_payment_method'];

/** The PaymentProvider port on stripe-node (docs/billing.md). Maps Stripe errors to the domain's payment errors. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const now = options.now ?? Date.now;
  const ttl = options.catalogueTtlMs ?? 60_000;
  let catalogue: { at: number; plans: Promise<Plan[]> } | undefined;
  const call = <T>(fn: (stripe: Stripe) => Promise<T>): Promise<T> => options.client().then(fn).catch(rethrow);

  return {
    listPlans() {
      if (!catalogue || now() - catalogue.at > ttl) {
        const plans = call(loadPlans);
        catalogue = { at: now(), plans };
        plans.catch(() => { catalogue = undefined; });
      }
      return catalogue.plans;
    },
    createCustomer: ({ email, name, userId }) => call(async (s) => (await s.customers.create({ email, name, metadata: { userId } })).id),
    attachCard: (customerId, paymentMethodId) => call(async (s) => {
      const pm = await s.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await s.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
      return cardOf(pm);
    }),
    findPromotionCode: (code) => call(async (s) => (await s.promotionCodes.list({ code, active: true, limit: 1 })).data[0]?.id),
    createSubscription: (input) => call((s) => createSubscription(s, input)),
    changePrice: (subscriptionId, priceId) => call(async (s) => {
      const current = await s.subscriptions.retrieve(subscriptionId);
      const item = current.items.data[0];
      await s.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice', cancel_at_period_end: false,
      });
      return snapshot(await s.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }));
    }),
    cancelAtPeriodEnd: (subscriptionId) => call(async (s) => {
      await s.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      return snapshot(await s.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }));
    }),
    retrieveSubscription: (subscriptionId) => call(async (s) => snapshot(await s.subscriptions.retrieve(subscriptionId, { expand: SUBSCRIPTION_EXPAND }))),
    latestSubscriptionOf: (customerId) => call(async (s) => {
      const list = await s.subscriptions.list({ customer: customerId, status: 'all', limit: 1, expand: SUBSCRIPTION_EXPAND.map((e) => `data.${e}`) });
      return list.data[0] ? snapshot(list.data[0]) : undefined;
    }),
    portalUrl: (customerId, returnUrl) => call(async (s) => (await s.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url),
    async verifyEvent(rawBody, signature) {
      if (!signature) throw new InvalidSignature('Missing Stripe-Signature header.');
      const [stripe, secret] = await Promise.all([options.client(), options.webhookSecret()]);
      let event: Stripe.Event;
      // stripe-node refuses a timestamp older than its 300 s tolerance but accepts any in the future; refuse those too.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (Number.isFinite(signedAt) && signedAt - Date.now() / 1000 > STRIPE_TOLERANCE_SECONDS) {
        throw new InvalidSignature('Webhook signature verification failed: the timestamp is in the future.');
      }
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_TOLERANCE_SECONDS);
      } catch (error) {
        throw new InvalidSignature(`Webhook signature verification failed: ${(error as Error).message}`);
      }
      return eventOf(event);
    },
  };
}

async function loadPlans(stripe: Stripe): Promise<Plan[]> {
  const [products, prices] = await Promise.all([
    stripe.products.list({ active: true, limit: 100 }),
    stripe.prices.list({ active: true, type: 'recurring', limit: 100 }),
  ]);
  return products.data.map((product) => ({
    productId: product.id,
    name: product.name,
    description: product.description ?? '',
    features: (product.marketing_features ?? []).map((f) => f.name ?? '').filter(Boolean),
    fairUse: product.metadata?.fair_use || null,
    prices: prices.data
      .filter((p) => (typeof p.product === 'string' ? p.product : p.product.id) === product.id && p.recurring && p.unit_amount !== null)
      .filter((p) => p.recurring!.interval === 'month' || p.recurring!.interval === 'year')
      .map((p) => ({ id: p.id, unitAmount: p.unit_amount!, interval: p.recurring!.interval as Interval, minutes: Number(p.metadata?.minutes ?? 0) })),
  })).filter((plan) => plan.prices.length > 0);
}

async function createSubscription(stripe: Stripe, input: NewSubscription): Promise<CreatedSubscription> {
  const trial = input.trialDays !== undefined;
  const created = await stripe.subscriptions.create({
    customer: input.customerId,
    items: [{ price: input.priceId }],
    metadata: { userId: input.userId },
    ...(input.promotionCodeId ? { discounts: [{ promotion_code: input.promotionCodeId }] } : {}),
    ...(trial
      ? { trial_period_days: input.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' } }, expand: ['pending_setup_intent'] }
      // The card is the customer's default already: charge the first invoice now; a decline is a 402 card_error.
      : { payment_behavior: 'error_if_incomplete', payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'] }),
  });
  const invoice = typeof created.latest_invoice === 'object' ? created.latest_invoice : null;
  const setup = typeof created.pending_setup_intent === 'object' ? created.pending_setup_intent : null;
  const clientSecret = created.status === 'incomplete' ? invoice?.confirmation_secret?.client_secret ?? null : trial ? setup?.client_secret ?? null : null;
  return { snapshot: snapshot(await stripe.subscriptions.retrieve(created.id, { expand: SUBSCRIPTION_EXPAND })), clientSecret };
}

function snapshot(sub: Stripe.Subscription): SubscriptionSnapshot {
  const item = sub.items.data[0];
  const price = item?.price;
  const pm = sub.default_payment_method;
  return {
    id: sub.id,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    status: sub.status,
    priceId: price?.id ?? '',
    productId: price ? (typeof price.product === 'string' ? price.product : price.product.id) : '',
    planMinutes: Number(price?.metadata?.minutes ?? 0),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    startDate: sub.start_date,
    periodStart: item?.current_period_start ?? sub.start_date,
    periodEnd: item?.current_period_end ?? sub.start_date,
    defaultPaymentMethod: pm ? (typeof pm === 'string' ? pm : pm.id) : null,
    card: pm && typeof pm === 'object' ? cardOf(pm) : null,
  };
}

function cardOf(pm: Stripe.PaymentMethod): CardDetails | null {
  return pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
}

function eventOf(event: Stripe.Event): BillingEvent {
  const object = event.data.object as unknown as { object?: string; id?: string; customer?: unknown;
    parent?: { subscription_details?: { subscription?: unknown } } };
  const idOf = (value: unknown) => (typeof value === 'string' ? value : (value as { id?: string } | null)?.id ?? null);
  const subscriptionId = object.object === 'subscription'
    ? object.id ?? null
    : idOf(object.parent?.subscription_details?.subscription);
  return { id: event.id, type: event.type, subscriptionId, customerId: idOf(object.customer) };
}

/** Stripe errors → payment errors with Stripe's own message; anything else passes through. */
function rethrow(error: unknown): never {
  const e = error as { type?: string; message?: string; code?: string };
  switch (e?.type) {
    case 'StripeCardError': throw new PaymentDeclined(e.message ?? 'Your card was declined.');
    case 'StripeInvalidRequestError': throw new PaymentRejected(e.message ?? 'The payment request was refused.');
    case 'StripeConnectionError': case 'StripeAPIError': case 'StripeRateLimitError': throw new PaymentUnavailable();
    default: throw error;
  }
}
