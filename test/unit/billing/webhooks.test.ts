import { InvalidSignature } from '../../../functions/core/billing/errors.js';
import type { BillingEvent, SubscriptionSnapshot } from '../../../functions/core/billing/model.js';
import { handleProviderEvent, type WebhookDeps } from '../../../functions/core/billing/webhooks.js';

const snapshot = (status: string, priceId = 'price_pro_monthly'): SubscriptionSnapshot => ({
  id: 'sub_1', customerId: 'cus_1', status, priceId, productId: 'prod_pro', planMinutes: 600, cancelAtPeriodEnd: false,
  startDate: 1, periodStart: 1, periodEnd: 2, defaultPaymentMethod: null, card: null,
});

/** A provider whose subscription state is whatever the "server" holds now; events are only triggers. */
function world() {
  let current = snapshot('active');
  const claimed = new Set<string>();
  const saved: SubscriptionSnapshot[] = [];
  const events = new Map<string, BillingEvent>();
  let failNextFetch = false;
  const deps: WebhookDeps = {
    now: () => 0,
    provider: {
      async verifyEvent(body, signature) {
        if (signature !== 'valid') throw new InvalidSignature('bad signature');
        return events.get(body)!;
      },
      async retrieveSubscription() {
        if (failNextFetch) { failNextFetch = false; throw new Error('Stripe unreachable'); }
        return current;
      },
      async latestSubscriptionOf() { return current; },
    },
    store: {
      async claimEvent(id) { if (claimed.has(id)) return false; claimed.add(id); return true; },
      async releaseEvent(id) { claimed.delete(id); },
      async findUserByCustomer(customerId) { return customerId === 'cus_1' ? 'user-1' : undefined; },
      async saveSubscription(_user, s, fetchedAt) { expect(typeof fetchedAt).toBe('number'); saved.push(s); },
    },
  };
  const event = (id: string, type: string, subscriptionId: string | null = 'sub_1', customerId: string | null = 'cus_1') => {
    events.set(id, { id, type, subscriptionId, customerId });
    return id;
  };
  return { deps, saved, event, set: (s: SubscriptionSnapshot) => { current = s; }, failNextFetch: () => { failNextFetch = true; } };
}

describe('handleProviderEvent', () => {
  it('refuses a bad signature before anything else', async () => {
    const w = world();
    await expect(handleProviderEvent(w.deps, w.event('evt_1', 'invoice.paid'), 'forged')).rejects.toBeInstanceOf(InvalidSignature);
    expect(w.saved).toEqual([]);
  });

  it('stores the re-fetched subscription, not the event body', async () => {
    const w = world();
    w.set(snapshot('past_due'));
    expect(await handleProviderEvent(w.deps, w.event('evt_1', 'invoice.payment_failed', null, 'cus_1'), 'valid')).toEqual({ received: true, duplicate: false, handled: true });
    expect(w.saved.map((s) => s.status)).toEqual(['past_due']);
  });

  it('processes an event id once: a replay changes nothing', async () => {
    const w = world();
    const id = w.event('evt_1', 'customer.subscription.updated');
    await handleProviderEvent(w.deps, id, 'valid');
    w.set(snapshot('canceled'));
    expect(await handleProviderEvent(w.deps, id, 'valid')).toEqual({ received: true, duplicate: true, handled: false });
    expect(w.saved.map((s) => s.status)).toEqual(['active']);
  });

  it('is order-independent: whatever order events arrive in, the last write is the provider’s current state', async () => {
    const orders = [['created', 'updated', 'deleted'], ['deleted', 'created', 'updated'], ['updated', 'deleted', 'created']];
    for (const order of orders) {
      const w = world();
      w.set(snapshot('canceled'));
      for (const kind of order) await handleProviderEvent(w.deps, w.event(`evt_${kind}`, `customer.subscription.${kind}`), 'valid');
      expect(w.saved.at(-1)?.status).toBe('canceled');
    }
  });

  it('acknowledges unrelated events and unknown customers without storing', async () => {
    const w = world();
    expect(await handleProviderEvent(w.deps, w.event('evt_x', 'charge.refunded'), 'valid')).toMatchObject({ handled: false, duplicate: false });
    w.set({ ...snapshot('active'), customerId: 'cus_other' });
    expect(await handleProviderEvent(w.deps, w.event('evt_y', 'invoice.paid'), 'valid')).toMatchObject({ handled: false });
    expect(w.saved).toEqual([]);
  });

  it('gives the event id back when processing fails, so the provider’s retry is processed', async () => {
    const w = world();
    const id = w.event('evt_1', 'invoice.paid');
    w.failNextFetch();
    // A 5xx (503), so Stripe retries; not a 400, which Stripe takes as final.
    await expect(handleProviderEvent(w.deps, id, 'valid')).rejects.toMatchObject({ name: 'PaymentUnavailable', statusCode: 503 });
    expect(await handleProviderEvent(w.deps, id, 'valid')).toMatchObject({ handled: true, duplicate: false });
  });
});
