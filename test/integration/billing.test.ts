import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createStripeClient } from '../../functions/adapters/stripe/client.js';
import { documentClient } from '../../functions/adapters/dynamodb/client.js';
import { createProcessingRepository } from '../../functions/adapters/dynamodb/processing-repository.js';
import { createMeetingsRepository } from '../../functions/adapters/dynamodb/meetings-repository.js';
import { minutesBalanceFromConfig } from '../../functions/wiring/minutes.js';
import { chargeRecordingOnce } from '../../functions/core/pipeline/run-rules.js';
import { MAIN_TABLE, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../../lib/definitions/resources.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { loadSecrets } from '../../local/secrets/store.js';
import { signatureHeader } from '../../local/stripe/webhooks.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn } from '../helpers/users.js';

/**
 * The Subscription calls of spec §7 and the Stripe webhook, end to end: the local edition's handlers use
 * stripe-node against the local Stripe server, which delivers signed webhooks back to the gateway.
 */
let edition: LocalEdition;
let dataDir: string;
let webhookSecret: string;
let secretKey: string;

interface Answer { status: number; body: any }
async function api(method: string, apiPath: string, token?: string, json?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${edition.url}/api/${apiPath}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
}

const minutesOf = async (token: string) => (await api('GET', 'users/', token)).body.results[0].minutes as number;
const subscriptionOf = async (token: string) => (await api('GET', 'users/get_subscription/', token)).body;
const stripeState = async () => (await fetch(`${edition.url}/dev/stripe/state.json`)).json() as Promise<any>;
const advance = async (subscriptionId: string) => {
  const response = await fetch(`${edition.url}/dev/stripe/__test/advance/${subscriptionId}`, { method: 'POST' });
  expect(response.status).toBe(200);
};
let counter = 0;
const newUser = async () => signUpAndSignIn(edition.url, `billing-${Date.now()}-${counter++}@example.com`);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-billing-'));
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0 });
  const secrets = await loadSecrets(dataDir, [STRIPE_WEBHOOK_SECRET.localName, STRIPE_SECRET_KEY.localName]);
  webhookSecret = secrets.get(STRIPE_WEBHOOK_SECRET.localName)!.value;
  secretKey = secrets.get(STRIPE_SECRET_KEY.localName)!.value;
}, 120_000);
afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('GET users/get_stripe_products/', () => {
  it('lists the free plan and the paid plans with monthly and yearly prices, without a token', async () => {
    const answer = await api('GET', 'users/get_stripe_products/');
    expect(answer.status).toBe(200);
    const [free, pro] = answer.body;
    expect(free).toMatchObject({ name: 'Free', prices: [{ id: 'price_free', unit_amount: 0, recurring_interval: 'month', minutes: 60 }] });
    expect(pro.name).toBe('Pro');
    expect(pro.features.length).toBeGreaterThanOrEqual(7);
    expect(pro.features[0]).toEqual({ name: expect.any(String) });
    expect(pro.fair_use).toMatch(/Fair use/);
    expect(pro.prices.map((p: any) => p.recurring_interval).sort()).toEqual(['month', 'year']);
  }, 30_000);
});

describe('subscribing', () => {
  it('refuses a declined card with the card error, and an unknown coupon, leaving the user on the free plan', async () => {
    const user = await newUser();
    expect(await minutesOf(user.access)).toBe(60);
    const declined = await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_chargeDeclined' });
    expect(declined).toEqual({ status: 402, body: { clientSecret: null, is_subscription_success: false, error: 'Your card was declined.' } });
    const coupon = await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa', coupon_code: 'NOPE' });
    expect(coupon).toMatchObject({ status: 400, body: { error: 'The coupon code is not valid.', is_subscription_success: false } });
    const noPlan = await api('POST', 'users/create_payment_intent/', user.access, { price_id: '', payment_method: 'pm_card_visa' });
    expect(noPlan).toMatchObject({ status: 400, body: { error: 'Kindly select a plan' } });
    expect((await subscriptionOf(user.access))).toMatchObject({ subscription: null, product: { name: 'Free' } });
    expect(await minutesOf(user.access)).toBe(60);
  }, 60_000);

  it('subscribes with the test card and the seeded coupon, restores the plan minutes, and shows the card', async () => {
    const user = await newUser();
    const answer = await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa', coupon_code: 'MEETSCRIBE20' });
    expect(answer).toEqual({ status: 200, body: { clientSecret: null, is_subscription_success: true, error: null, outcome: 'subscribed' } });
    const current = await subscriptionOf(user.access);
    expect(current).toMatchObject({
      subscription: { status: 'active', cancel_at_period_end: false, plan: { id: 'price_pro_monthly' }, items: { data: [{ price: { metadata: { minutes: '600' } } }] } },
      product: { name: 'Pro' }, card_details: { brand: 'visa', last4: '4242' },
    });
    expect(current.subscription.current_period_end).toBeGreaterThan(current.subscription.current_period_start);
    expect(await minutesOf(user.access)).toBe(600);
    const state = await stripeState();
    const invoice = state.invoices[state.subscriptions[current.subscription.id].latest_invoice];
    expect(invoice).toMatchObject({ status: 'paid', amount_due: 1520 });
    // The webhooks the subscription caused reached the product and were accepted.
    await eventually(async () => {
      const deliveries = (await stripeState()).deliveries.filter((d: any) => ['customer.subscription.created', 'invoice.paid'].includes(d.type));
      if (deliveries.length < 2 || deliveries.some((d: any) => d.status !== 'delivered')) throw new Error(JSON.stringify(deliveries));
    }, 30_000);
  }, 90_000);

  it('changes plan at once, and cancels at period end (TO BE CANCELED), ending the plan when the period ends', async () => {
    const user = await newUser();
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    const changed = await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_business_monthly' });
    expect(changed.body).toMatchObject({ is_subscription_success: true, outcome: 'plan_changed' });
    expect(await minutesOf(user.access)).toBe(2000);
    const cancel = await api('POST', 'users/cancel_subscription/', user.access);
    expect(cancel).toMatchObject({ status: 200, body: { detail: 'Subscription will be cancelled at end of period', subscription: { cancel_at_period_end: true } } });
    const current = await subscriptionOf(user.access);
    expect(current.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await advance(current.subscription.id);
    await eventually(async () => {
      if ((await subscriptionOf(user.access)).subscription !== null) throw new Error('still subscribed');
    }, 30_000);
    expect(await minutesOf(user.access)).toBe(60);
    expect((await api('POST', 'users/cancel_subscription/', user.access)).body.error).toBe('You have no subscription to cancel.');
  }, 90_000);

  it('opens the customer portal, where a plan switch reaches the product through the webhook', async () => {
    const user = await newUser();
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    const portal = await api('POST', 'users/get_customer_portal/', user.access);
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${edition.url}/dev/stripe/portal/bps_`));
    const page = await fetch(portal.body.url);
    expect(await page.text()).toContain('Manage billing');
    const subId = (await subscriptionOf(user.access)).subscription.id;
    const switched = await fetch(`${portal.body.url}/switch`, {
      // As the portal page's form posts it from a browser: same origin (a /dev/ form from anywhere else is refused).
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: edition.url },
      body: new URLSearchParams({ subscription: subId, price: 'price_pro_yearly' }).toString(),
    });
    expect(switched.status).toBe(303);
    await eventually(async () => {
      const plan = (await subscriptionOf(user.access)).subscription.plan.id;
      if (plan !== 'price_pro_yearly') throw new Error(plan);
    }, 30_000);
    expect(await minutesOf(user.access)).toBe(7200);
  }, 90_000);

  it('a user without a customer gets the §8 error text for the portal', async () => {
    const user = await newUser();
    expect(await api('POST', 'users/get_customer_portal/', user.access)).toMatchObject({ status: 400, body: { error: expect.stringMatching(/no billing account/) } });
    expect((await api('GET', 'users/get_subscription/')).status).toBe(401);
  }, 60_000);
});

describe('trial and renewal', () => {
  it('activates a trial once, without a card', async () => {
    const user = await newUser();
    const trial = await api('POST', 'users/subscribe_trial/', user.access, {});
    expect(trial).toMatchObject({ status: 200, body: { is_subscription_success: true, outcome: 'trial_activated', clientSecret: expect.stringMatching(/^seti_.*_secret_/) } });
    expect((await subscriptionOf(user.access)).subscription).toMatchObject({ status: 'trialing', plan: { id: 'price_pro_monthly' } });
    expect(await minutesOf(user.access)).toBe(600);
    expect((await api('POST', 'users/subscribe_trial/', user.access, {})).body.error).toBe('Your free trial has already been used.');
  }, 60_000);

  it('renewal starts a new period with the full allowance', async () => {
    const user = await newUser();
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    const processing = createProcessingRepository(documentClient, MAIN_TABLE.localName);
    expect(await processing.chargeMinutes('meeting-renewal', 'etag-1', user.userId, 100, new Date().toISOString())).toBe(true);
    expect(await minutesOf(user.access)).toBe(500);
    const before = (await subscriptionOf(user.access)).subscription;
    await advance(before.id);
    await eventually(async () => {
      const now = (await subscriptionOf(user.access)).subscription;
      if (now.current_period_start !== before.current_period_end) throw new Error('not renewed yet');
    }, 30_000);
    expect(await minutesOf(user.access)).toBe(600);
    const state = await stripeState();
    expect(state.subscriptions[before.id].status).toBe('active');
    expect(state.invoices[state.subscriptions[before.id].latest_invoice]).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
  }, 90_000);
});

describe('POST /api/webhooks/stripe/', () => {
  const post = (body: string, signature?: string) => fetch(`${edition.url}/api/webhooks/stripe/`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

  it('refuses a forged or unsigned event with 400 and changes nothing', async () => {
    const user = await newUser();
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    const sub = (await subscriptionOf(user.access)).subscription;
    const forged = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: sub.id, object: 'subscription' } } });
    expect((await post(forged, signatureHeader(forged, 'whsec_not_the_secret'))).status).toBe(400);
    expect((await post(forged)).status).toBe(400);
    const tampered = signatureHeader(forged, webhookSecret);
    expect((await post(forged.replace('deleted', 'updated'), tampered)).status).toBe(400);
    // Signed with the real secret but dated 400 s ahead (beyond the 300 s tolerance, as a stale one is): refused (issue 28).
    const future = JSON.stringify({ id: 'evt_future', object: 'event', type: 'customer.subscription.deleted', data: { object: { id: sub.id, object: 'subscription' } } });
    expect((await post(future, signatureHeader(future, webhookSecret, Math.floor(Date.now() / 1000) + 400))).status).toBe(400);
    expect((await subscriptionOf(user.access)).subscription.status).toBe('active');
  }, 60_000);

  it('processes an event id once: a replay is acknowledged and changes nothing', async () => {
    const user = await newUser();
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    const sub = (await subscriptionOf(user.access)).subscription;
    const event = JSON.stringify({ id: `evt_replay_${Date.now()}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: sub.id, object: 'subscription', customer: 'x' } } });
    const first = await post(event, signatureHeader(event, webhookSecret));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false, handled: true });
    const again = await post(event, signatureHeader(event, webhookSecret));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true, handled: false });
  }, 60_000);
});

describe('the local Stripe server through stripe-node', () => {
  const stripe = () => createStripeClient({ secretKey, apiBase: process.env.STRIPE_API_BASE });

  it('rejects the removed `coupon` parameter and returns latest_invoice.confirmation_secret for default_incomplete', async () => {
    const s = stripe();
    const customer = await s.customers.create({ email: 'wire@example.com' });
    await expect(s.subscriptions.create({ customer: customer.id, items: [{ price: 'price_pro_monthly' }], coupon: 'x' } as never))
      .rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'coupon' });
    const created = await s.subscriptions.create({
      customer: customer.id, items: [{ price: 'price_pro_monthly' }], payment_behavior: 'default_incomplete', expand: ['latest_invoice.confirmation_secret'],
    });
    expect(created.status).toBe('incomplete');
    const invoice = created.latest_invoice as { confirmation_secret?: { client_secret: string; type: string } };
    expect(invoice.confirmation_secret).toEqual({ client_secret: expect.stringMatching(/^pi_.*_secret_/), type: 'payment_intent' });
    expect(created.items.data[0].current_period_end).toBeGreaterThan(created.items.data[0].current_period_start);
    const promo = await s.promotionCodes.list({ code: 'MEETSCRIBE20', active: true });
    expect(promo.data).toHaveLength(1);
  }, 30_000);

  it('refuses a wrong key and answers Stripe error bodies', async () => {
    const wrong = createStripeClient({ secretKey: 'sk_test_wrong', apiBase: process.env.STRIPE_API_BASE });
    await expect(wrong.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    await expect(stripe().subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
  }, 30_000);
});

describe('the billing store', () => {
  it('keeps the newest fetch of a subscription when two writes race', async () => {
    const { createBillingStore } = await import('../../functions/adapters/dynamodb/billing-repository.js');
    const store = createBillingStore(documentClient, MAIN_TABLE.localName);
    const base = { id: 'sub_race', customerId: 'cus_race', priceId: 'price_pro_monthly', productId: 'prod', planMinutes: 600, cancelAtPeriodEnd: false, startDate: 1, periodStart: 1, periodEnd: 2, defaultPaymentMethod: null, card: null };
    await store.saveSubscription('race-user', { ...base, status: 'canceled' }, 2_000);
    await store.saveSubscription('race-user', { ...base, status: 'active' }, 1_000);
    expect((await store.findAccount('race-user'))?.subscription?.status).toBe('canceled');
  }, 30_000);
});

describe('the minutes ledger the pipeline writes', () => {
  it('charges each recording exactly once: a re-upload into the same meeting is charged, a re-delivery is not; refunds count', async () => {
    const user = await newUser();
    const processing = createProcessingRepository(documentClient, MAIN_TABLE.localName);
    const now = () => new Date().toISOString();
    expect(await processing.chargeMinutes('meeting-a', 'etag-first', user.userId, 3, now())).toBe(true);
    expect(await processing.chargeMinutes('meeting-a', 'etag-first', user.userId, 3, now())).toBe(false);
    expect(await minutesOf(user.access)).toBe(57);
    // A second recording uploaded into the same meeting is processed again and charged again.
    expect(await processing.chargeMinutes('meeting-a', 'etag-second', user.userId, 2, now())).toBe(true);
    expect(await minutesOf(user.access)).toBe(55);
    expect(await processing.refundMinutes('meeting-a', 'etag-second')).toBe(2);
    expect(await processing.refundMinutes('meeting-a', 'etag-second')).toBe(0);
    expect(await minutesOf(user.access)).toBe(57);
    // A refunded recording processed again (a retry after a failure) is charged again, once.
    expect(await processing.chargeMinutes('meeting-a', 'etag-second', user.userId, 2, now())).toBe(true);
    expect(await processing.chargeMinutes('meeting-a', 'etag-second', user.userId, 2, now())).toBe(false);
    expect(await minutesOf(user.access)).toBe(55);
    expect(await processing.findCharge('meeting-a', 'etag-second')).toMatchObject({ minutes: 2, refunded: false });
  }, 60_000);

  it('charges ten recordings probed at once on the 60-minute plan as one after another would: three charged, seven wait, -3 left', async () => {
    const user = await newUser();
    const ids = await Promise.all(Array.from({ length: 10 }, async (_, i) => (await api('POST', 'meetings/', user.access, { name: `Parallel ${i}` })).body.id as string));
    const ports = {
      meetings: createMeetingsRepository(documentClient, MAIN_TABLE.localName),
      minutes: minutesBalanceFromConfig(documentClient, MAIN_TABLE.localName),
      ledger: createProcessingRepository(documentClient, MAIN_TABLE.localName),
      clock: Date.now,
    };
    const outcomes = await Promise.all(ids.map((id) => chargeRecordingOnce(ports, id, `etag-${id}`, 21 * 60).then(() => 'charged', (error: Error) => error.name)));
    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'MinutesUsedUp')).toHaveLength(7);
    expect(await minutesOf(user.access)).toBe(-3);
  }, 60_000);

  it('refuses the upload URL once the minutes are below 0, and gives it again after subscribing', async () => {
    const user = await newUser();
    const meeting = (await api('POST', 'meetings/', user.access, { name: 'Over budget' })).body.id as string;
    const processing = createProcessingRepository(documentClient, MAIN_TABLE.localName);
    // Charged a few seconds before subscribing (Stripe's period starts are whole seconds).
    await processing.chargeMinutes(meeting, 'etag-long', user.userId, 61, new Date(Date.now() - 5_000).toISOString());
    expect(await minutesOf(user.access)).toBe(-1);
    expect(await api('GET', `meetings/${meeting}/video_upload_url/`, user.access)).toEqual({ status: 403, body: 'You have used up your minutes for the month.' });
    await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' });
    expect(await minutesOf(user.access)).toBe(600);
    expect((await api('GET', `meetings/${meeting}/video_upload_url/`, user.access)).status).toBe(200);
  }, 60_000);
});
