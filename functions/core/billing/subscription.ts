import type { CancelledSubscription, CurrentSubscription, CustomerPortal, PaymentResponse } from '../../contracts/billing.js';
import type { Principal } from '../auth/principal.js';
import { NotFound } from '../errors.js';
import { catalogueView, FREE_PRICE_ID, type ProductView } from './catalogue.js';
import { PaymentRejected } from './errors.js';
import { ENTITLED_STATUSES } from './ledger.js';
import { BILLING_MESSAGES, TRIAL_DAYS } from './messages.js';
import { minutesBalance, type MinutesDeps } from './minutes.js';
import type { BillingAccount, BillingStore, Plan, PaymentProvider, SubscriptionSnapshot } from './model.js';

export interface BillingUser { readonly email: string; readonly firstName: string; readonly lastName: string }

export interface BillingDeps extends MinutesDeps {
  readonly provider: PaymentProvider;
  readonly store: BillingStore;
  readonly users: { findById(id: string): Promise<BillingUser | undefined> };
  /** Where the customer portal returns to. */
  readonly appUrl: string;
}

/** Who asks: the part of the authenticated principal (core/auth/principal.ts) billing needs. */
export type Caller = Pick<Principal, 'userId'>;

export type { PaymentResponse };

export interface PaymentRequest { readonly price_id: string; readonly coupon_code?: string; readonly payment_method?: string }

/**
 * The time a change's answer is stored under: when the answer arrived, not when the call was sent. A webhook
 * that re-fetched the subscription while the change was under way (and so may hold the state before it) was
 * fetched earlier than that, so it can never be stored over the change (a CI run saw exactly that race).
 */
const answeredAt = (deps: Pick<BillingDeps, 'now'>) => deps.now();

const entitled = (s: SubscriptionSnapshot | null | undefined): s is SubscriptionSnapshot => Boolean(s && ENTITLED_STATUSES.has(s.status));

/** `GET users/get_stripe_products/`: the free plan and the paid plans with monthly and yearly prices. */
export async function listProducts(deps: Pick<BillingDeps, 'provider' | 'freeMinutes'>): Promise<ProductView[]> {
  return catalogueView(await deps.provider.listPlans(), deps.freeMinutes);
}

/** `GET users/get_subscription/` (spec §3 Current subscription), with the minutes balance. */
export async function currentSubscription(deps: BillingDeps, caller: Caller): Promise<CurrentSubscription> {
  const account = await deps.store.findAccount(caller.userId);
  const balance = await minutesBalance(deps, caller.userId);
  const sub = account?.subscription && !['canceled', 'incomplete_expired'].includes(account.subscription.status) ? account.subscription : null;
  const plans = sub ? await deps.provider.listPlans() : [];
  const product = sub ? plans.find((p) => p.productId === sub.productId) : undefined;
  return {
    subscription: sub ? subscriptionView(sub) : null,
    product: { name: sub ? product?.name ?? sub.productId : 'Free' },
    customer: account?.customerId ? { id: account.customerId, invoice_settings: { default_payment_method: sub?.defaultPaymentMethod ?? null } } : null,
    card_details: sub?.card ? { last4: sub.card.last4, brand: sub.card.brand } : null,
    minutes: { left: balance.left, allowance: balance.entitlement.allowance, plan: balance.entitlement.plan },
    trial_used: account?.trialUsed ?? false,
  };
}

function subscriptionView(s: SubscriptionSnapshot): NonNullable<CurrentSubscription['subscription']> {
  const item = { price: { id: s.priceId, product: s.productId, metadata: { minutes: String(s.planMinutes) } }, current_period_start: s.periodStart,
    current_period_end: s.periodEnd };
  return {
    id: s.id, status: s.status, cancel_at_period_end: s.cancelAtPeriodEnd, start_date: s.startDate,
    current_period_start: s.periodStart, current_period_end: s.periodEnd,
    plan: { id: s.priceId, product: s.productId }, items: { data: [item] },
  };
}

function findPrice(plans: readonly Plan[], priceId: string | undefined) {
  if (!priceId || priceId === FREE_PRICE_ID) return undefined;
  for (const plan of plans) for (const price of plan.prices) if (price.id === priceId) return { plan, price };
  return undefined;
}

async function ensureCustomer(deps: BillingDeps, caller: Caller, account: BillingAccount | undefined): Promise<string> {
  if (account?.customerId) return account.customerId;
  const user = await deps.users.findById(caller.userId);
  if (!user) throw new NotFound();
  const created = await deps.provider.createCustomer({ email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), userId: caller.userId });
  return deps.store.saveCustomer(caller.userId, created);
}

/**
 * `POST users/create_payment_intent/`: subscribes to the chosen price, or switches an entitled
 * subscription to it at once. The card (a PaymentMethod id) becomes the customer's default; the first
 * invoice is charged now. Throws PaymentRejected (400) or PaymentDeclined (402) with the text to show.
 */
export async function createPaymentIntent(deps: BillingDeps, caller: Caller, request: PaymentRequest): Promise<PaymentResponse> {
  const chosen = findPrice(await deps.provider.listPlans(), request.price_id);
  if (!chosen) throw new PaymentRejected(BILLING_MESSAGES.selectPlan);
  const account = await deps.store.findAccount(caller.userId);
  const current = account?.subscription;
  const savedCard = current?.defaultPaymentMethod ?? null;
  const coupon = request.coupon_code?.trim();
  const promotionCodeId = coupon ? await deps.provider.findPromotionCode(coupon) : undefined;
  if (coupon && !promotionCodeId) throw new PaymentRejected(BILLING_MESSAGES.invalidCoupon);

  if (entitled(current) && !current.cancelAtPeriodEnd && current.priceId === chosen.price.id) throw new PaymentRejected(BILLING_MESSAGES.alreadySubscribed);
  const customerId = await ensureCustomer(deps, caller, account);
  if (request.payment_method) await deps.provider.attachCard(customerId, request.payment_method);

  if (entitled(current)) {
    const snapshot = await deps.provider.changePrice(current.id, chosen.price.id);
    await deps.store.saveSubscription(caller.userId, snapshot, answeredAt(deps));
    return { clientSecret: null, is_subscription_success: true, error: null, outcome: 'plan_changed' };
  }
  if (!request.payment_method && !savedCard) throw new PaymentRejected(BILLING_MESSAGES.cardRequired);
  const created = await deps.provider.createSubscription({ customerId, userId: caller.userId, priceId: chosen.price.id, promotionCodeId });
  await deps.store.saveSubscription(caller.userId, created.snapshot, answeredAt(deps));
  const success = entitled(created.snapshot);
  return { clientSecret: created.clientSecret, is_subscription_success: success, error: null, outcome: success ? 'subscribed' : 'requires_action' };
}

/** `POST users/subscribe_trial/`: a 14-day trial of the chosen (or the cheapest monthly) paid plan, once per user. */
export async function subscribeTrial(deps: BillingDeps, caller: Caller, request: { price_id?: string }): Promise<PaymentResponse> {
  const plans = await deps.provider.listPlans();
  const cheapestMonthly = plans.flatMap((p) => p.prices).filter((p) => p.interval === 'month').sort((a, b) => a.unitAmount - b.unitAmount)[0];
  const chosen = findPrice(plans, request.price_id ?? cheapestMonthly?.id);
  if (!chosen) throw new PaymentRejected(BILLING_MESSAGES.selectPlan);
  const account = await deps.store.findAccount(caller.userId);
  if (account?.trialUsed || account?.subscription) throw new PaymentRejected(BILLING_MESSAGES.trialUsed);
  const customerId = await ensureCustomer(deps, caller, account);
  await deps.store.markTrialUsed(caller.userId);
  const created = await deps.provider.createSubscription({ customerId, userId: caller.userId, priceId: chosen.price.id, trialDays: TRIAL_DAYS });
  await deps.store.saveSubscription(caller.userId, created.snapshot, answeredAt(deps));
  return { clientSecret: created.clientSecret, is_subscription_success: true, error: null, outcome: 'trial_activated' };
}

/** `POST users/cancel_subscription/`: cancels at the end of the period (the user keeps the plan until then). */
export async function cancelSubscription(deps: BillingDeps, caller: Caller): Promise<CancelledSubscription> {
  const current = (await deps.store.findAccount(caller.userId))?.subscription;
  if (!entitled(current)) throw new PaymentRejected(BILLING_MESSAGES.noSubscription);
  const snapshot = await deps.provider.cancelAtPeriodEnd(current.id);
  await deps.store.saveSubscription(caller.userId, snapshot, answeredAt(deps));
  return { detail: 'Subscription will be cancelled at end of period', subscription: subscriptionView(snapshot) };
}

/** `POST users/get_customer_portal/` → {url} of the provider's portal, returning to the app. */
export async function customerPortal(deps: BillingDeps, caller: Caller): Promise<CustomerPortal> {
  const account = await deps.store.findAccount(caller.userId);
  if (!account?.customerId) throw new PaymentRejected(BILLING_MESSAGES.noCustomer);
  return { url: await deps.provider.portalUrl(account.customerId, `${deps.appUrl}/home`) };
}
