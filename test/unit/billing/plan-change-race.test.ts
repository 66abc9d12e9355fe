import type { BillingAccount, BillingStore, PaymentProvider, SubscriptionSnapshot } from '../../../functions/core/billing/model.js';
import { createPaymentIntent, type BillingDeps } from '../../../functions/core/billing/subscription.js';
import { handleProviderEvent } from '../../../functions/core/billing/webhooks.js';

const subscription = (priceId: string, planMinutes: number): SubscriptionSnapshot => ({
  id: 'sub_1', customerId: 'cus_1', status: 'active', priceId, productId: `prod_${priceId}`, planMinutes, cancelAtPeriodEnd: false,
  startDate: 1, periodStart: 1, periodEnd: 2, defaultPaymentMethod: 'pm_1', card: null,
});
const PRO = subscription('price_pro_monthly', 600);
const BUSINESS = subscription('price_business_monthly', 2000);

/**
 * A plan change while a webhook of the earlier subscribe is being handled: the webhook re-fetches the
 * subscription after the change was sent but before the provider applied it, so it holds the old plan.
 */
function world() {
  let clock = 0;
  const now = () => ++clock;
  let providerState = PRO;
  const account: { value: BillingAccount; fetchedAt: number } = { value: { customerId: 'cus_1', subscription: PRO, trialUsed: false } as BillingAccount, fetchedAt: 0 };
  const store = {
    async findAccount() { return account.value; },
    async findUserByCustomer() { return 'user-1'; },
    async saveCustomer() { return 'cus_1'; },
    async saveSubscription(_user: string, snapshot: SubscriptionSnapshot, fetchedAt: number) {
      if (fetchedAt < account.fetchedAt) return;
      account.value = { ...account.value, subscription: snapshot };
      account.fetchedAt = fetchedAt;
    },
    async markTrialUsed() {},
    async claimEvent() { return true; },
    async releaseEvent() {},
  } as unknown as BillingStore;
  let deps: BillingDeps;
  const webhook = () => handleProviderEvent({ now, store, provider: deps.provider }, 'evt_invoice_paid', 'valid');
  const provider = {
    async listPlans() {
      return [PRO, BUSINESS].map((s) => ({ productId: s.productId, name: s.priceId, minutes: s.planMinutes, prices: [{ id: s.priceId, interval: 'month', unitAmount: 1 }] }));
    },
    async findPromotionCode() { return undefined; },
    async attachCard() { return null; },
    async retrieveSubscription() { return providerState; },
    async latestSubscriptionOf() { return providerState; },
    async verifyEvent() { return { id: 'evt_invoice_paid', type: 'invoice.paid', subscriptionId: 'sub_1', customerId: 'cus_1' }; },
    async changePrice() {
      await webhook(); // delivered and handled while the change is in flight, before the provider applies it
      providerState = BUSINESS;
      return providerState;
    },
  } as unknown as PaymentProvider;
  deps = { now, provider, store, users: { findById: async () => undefined }, appUrl: 'http://app', freeMinutes: 60, usage: { chargesBetween: async () => [] } } as unknown as BillingDeps;
  return { deps, account };
}

test('a webhook that re-fetched the old plan while a plan change was in flight is not stored over the change', async () => {
  const w = world();
  const answer = await createPaymentIntent(w.deps, { userId: 'user-1' }, { price_id: 'price_business_monthly' });
  expect(answer.outcome).toBe('plan_changed');
  expect(w.account.value.subscription?.priceId).toBe('price_business_monthly');
});
