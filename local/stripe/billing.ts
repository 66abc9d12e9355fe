import { cardDeclines, newId, nowSeconds, StripeFailure, type Obj, type StripeState } from './state.js';

/** Emits an event (queued for signed delivery by the server). */
export type Emit = (type: string, object: Obj) => void;

const DAY = 24 * 3600;

/** The end of one billing interval after `start` (calendar month or year, as Stripe bills). */
export function addInterval(start: number, interval: 'month' | 'year'): number {
  const d = new Date(start * 1000);
  if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function price(state: StripeState, id: unknown, param = 'items[0][price]'): Obj {
  const p = typeof id === 'string' ? state.prices[id] : undefined;
  if (!p || !p.active) throw new StripeFailure(400, 'invalid_request_error', `No such price: '${String(id)}'`, 'resource_missing', param);
  return p;
}

export function customer(state: StripeState, id: unknown, param = 'customer'): Obj {
  const c = typeof id === 'string' ? state.customers[id] : undefined;
  if (!c) throw new StripeFailure(400, 'invalid_request_error', `No such customer: '${String(id)}'`, 'resource_missing', param);
  return c;
}

export function subscription(state: StripeState, id: string): Obj {
  const s = state.subscriptions[id];
  if (!s) throw new StripeFailure(404, 'invalid_request_error', `No such subscription: '${id}'`, 'resource_missing', 'id');
  return s;
}

function defaultPaymentMethod(state: StripeState, sub: Obj | undefined, cus: Obj): string | null {
  return sub?.default_payment_method ?? cus.invoice_settings?.default_payment_method ?? null;
}

/** Creates an invoice for the subscription and, when `charge`, pays it with the default card. */
function invoice(state: StripeState, sub: Obj, amount: number, reason: string, emit: Emit, charge: boolean): Obj {
  const cus = state.customers[sub.customer];
  const inv: Obj = {
    id: newId('in'), object: 'invoice', customer: sub.customer, status: 'open', amount_due: amount, amount_paid: 0, currency: 'usd',
    billing_reason: reason, created: nowSeconds(), livemode: false,
    parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata ?? {} } },
    lines: { object: 'list', data: [{ price: sub.items.data[0].price.id, amount, period: { start: sub.items.data[0].current_period_start,
      end: sub.items.data[0].current_period_end } }], has_more: false },
    confirmation_secret: { client_secret: `${newId('pi')}_secret_${newId('x').slice(2)}`, type: 'payment_intent' },
    last_payment_error: null,
  };
  state.invoices[inv.id] = inv;
  sub.latest_invoice = inv.id;
  if (amount === 0) return markPaid(state, inv, emit);
  if (!charge) return inv;
  const pm = defaultPaymentMethod(state, sub, cus);
  if (!pm) {
    inv.last_payment_error = { code: 'no_payment_method', message: 'This customer has no attached payment source or default payment method.' };
    return inv;
  }
  if (cardDeclines(state, pm)) {
    inv.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    inv.attempt_count = (inv.attempt_count ?? 0) + 1;
    emit('invoice.payment_failed', inv);
    return inv;
  }
  sub.default_payment_method ??= pm;
  return markPaid(state, inv, emit);
}

export function markPaid(state: StripeState, inv: Obj, emit: Emit): Obj {
  inv.status = 'paid';
  inv.amount_paid = inv.amount_due;
  inv.last_payment_error = null;
  emit('invoice.paid', inv);
  const subId = inv.parent?.subscription_details?.subscription;
  const sub = subId ? state.subscriptions[subId] : undefined;
  if (sub && ['incomplete', 'past_due', 'unpaid'].includes(sub.status)) {
    sub.status = 'active';
    emit('customer.subscription.updated', sub);
  }
  return inv;
}

function discountedAmount(state: StripeState, sub: Obj, amount: number): number {
  const discount = (sub.discounts ?? [])[0];
  if (!discount || discount.used) return amount;
  const coupon = state.coupons[discount.coupon];
  if (coupon?.duration === 'once') discount.used = true;
  return coupon?.percent_off ? Math.round(amount * (100 - coupon.percent_off) / 100) : amount;
}

/** POST /v1/subscriptions. */
export function createSubscription(state: StripeState, params: Obj, emit: Emit): Obj {
  for (const removed of ['coupon', 'promotion_code']) {
    if (params[removed] !== undefined) throw new StripeFailure(400, 'invalid_request_error', `Received unknown parameter: ${removed}`, 'parameter_unknown',
      removed);
  }
  const cus = customer(state, params.customer);
  const items = params.items as Obj[] | undefined;
  if (!Array.isArray(items) || items.length !== 1) throw new StripeFailure(400, 'invalid_request_error', 'Exactly one item is supported: items[0][price].',
    'parameter_invalid', 'items');
  const p = price(state, items[0].price);
  const discounts = (Array.isArray(params.discounts) ? params.discounts : []).map((d: Obj, i: number) => {
    if (d.promotion_code) {
      const promo = state.promotion_codes[d.promotion_code];
      if (!promo || !promo.active) throw new StripeFailure(400, 'invalid_request_error', `No such promotion code: '${d.promotion_code}'`, 'resource_missing',
        `discounts[${i}][promotion_code]`);
      return { promotion_code: promo.id, coupon: promo.promotion.coupon };
    }
    if (d.coupon && state.coupons[d.coupon]) return { coupon: d.coupon };
    throw new StripeFailure(400, 'invalid_request_error', 'Invalid discount.', 'parameter_invalid', `discounts[${i}]`);
  });
  const behavior = String(params.payment_behavior ?? 'allow_incomplete');
  const start = nowSeconds();
  const trialDays = params.trial_period_days !== undefined ? Number(params.trial_period_days) : undefined;
  const periodEnd = trialDays ? start + trialDays * DAY : addInterval(start, p.recurring.interval);
  const sub: Obj = {
    id: newId('sub'), object: 'subscription', customer: cus.id, status: 'incomplete', livemode: false, created: start, start_date: start,
    billing_cycle_anchor: periodEnd, cancel_at_period_end: false, cancel_at: null, canceled_at: null, ended_at: null,
    default_payment_method: params.default_payment_method ?? null, latest_invoice: null, pending_setup_intent: null,
    trial_start: trialDays ? start : null, trial_end: trialDays ? periodEnd : null,
    trial_settings: { end_behavior: { missing_payment_method: params.trial_settings?.end_behavior?.missing_payment_method ?? 'create_invoice' } },
    metadata: params.metadata ?? {}, discounts,
    items: { object: 'list', has_more: false, url: '/v1/subscription_items', data: [] as Obj[] },
  };
  sub.items.data.push({ id: newId('si'), object: 'subscription_item', subscription: sub.id, quantity: 1, price: p, current_period_start: start,
    current_period_end: periodEnd, created: start });

  if (trialDays) {
    sub.status = 'trialing';
    const seti = { id: newId('seti'), object: 'setup_intent', customer: cus.id, status: 'requires_payment_method', usage: 'off_session', client_secret: '' };
    seti.client_secret = `${seti.id}_secret_${newId('x').slice(2)}`;
    state.setup_intents[seti.id] = seti;
    sub.pending_setup_intent = seti.id;
    state.subscriptions[sub.id] = sub;
    invoice(state, sub, 0, 'subscription_create', emit, true);
    emit('customer.subscription.created', sub);
    return sub;
  }
  const amount = discountedAmount(state, sub, p.unit_amount);
  if (behavior === 'default_incomplete') {
    state.subscriptions[sub.id] = sub;
    const inv = invoice(state, sub, amount, 'subscription_create', emit, false);
    if (inv.status === 'paid') sub.status = 'active';
    emit('customer.subscription.created', sub);
    return sub;
  }
  if (!defaultPaymentMethod(state, sub, cus) && amount > 0) {
    throw new StripeFailure(400, 'invalid_request_error',
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.', 'resource_missing');
  }
  const pending: [string, Obj][] = [];
  const inv = invoice(state, sub, amount, 'subscription_create', (type, object) => pending.push([type, object]), true);
  if (inv.status !== 'paid' && behavior === 'error_if_incomplete') {
    delete state.invoices[inv.id];
    const error = inv.last_payment_error;
    throw new StripeFailure(402, 'card_error', error?.message ?? 'Your card was declined.', error?.code ?? 'card_declined', undefined, error?.decline_code);
  }
  sub.status = inv.status === 'paid' ? 'active' : 'incomplete';
  if (params.payment_settings?.save_default_payment_method === 'on_subscription') sub.default_payment_method ??= defaultPaymentMethod(state, undefined, cus);
  state.subscriptions[sub.id] = sub;
  emit('customer.subscription.created', sub);
  for (const [type, object] of pending) if (type !== 'customer.subscription.updated') emit(type, object);
  return sub;
}

/** POST /v1/subscriptions/{id}: price swap, cancel_at_period_end, default_payment_method. */
export function updateSubscription(state: StripeState, sub: Obj, params: Obj, emit: Emit): Obj {
  if (params.coupon !== undefined) throw new StripeFailure(400, 'invalid_request_error', 'Received unknown parameter: coupon', 'parameter_unknown', 'coupon');
  if (sub.status === 'canceled') throw new StripeFailure(400, 'invalid_request_error',
    'A canceled subscription can only update its cancellation_details and metadata.', 'resource_missing');
  const items = params.items as Obj[] | undefined;
  if (Array.isArray(items) && items[0]?.price) {
    const item = sub.items.data.find((i: Obj) => i.id === items[0].id) ?? sub.items.data[0];
    const next = price(state, items[0].price);
    const previous = item.price;
    if (next.id !== previous.id) {
      const cus = state.customers[sub.customer];
      const pm = defaultPaymentMethod(state, sub, cus);
      const now = nowSeconds();
      const intervalChanged = next.recurring.interval !== previous.recurring.interval;
      const charge = sub.status !== 'trialing' && params.proration_behavior !== 'none';
      if (charge && pm && cardDeclines(state, pm)) throw new StripeFailure(402, 'card_error', 'Your card was declined.', 'card_declined', undefined,
        'generic_decline');
      item.price = next;
      if (intervalChanged && sub.status !== 'trialing') {
        item.current_period_start = now;
        item.current_period_end = addInterval(now, next.recurring.interval);
      }
      if (charge) {
        const span = item.current_period_end - item.current_period_start;
        const left = Math.max(0, item.current_period_end - now) / span;
        const amount = intervalChanged ? next.unit_amount : Math.max(0, Math.round((next.unit_amount - previous.unit_amount) * left));
        invoice(state, sub, amount, 'subscription_update', emit, true);
      }
    }
  }
  if (params.cancel_at_period_end !== undefined) {
    sub.cancel_at_period_end = params.cancel_at_period_end === 'true' || params.cancel_at_period_end === true;
    sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
  }
  if (params.default_payment_method) sub.default_payment_method = params.default_payment_method;
  if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
  emit('customer.subscription.updated', sub);
  return sub;
}

export function cancelNow(sub: Obj, emit: Emit): Obj {
  if (sub.status === 'canceled') return sub;
  const now = nowSeconds();
  Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
  emit('customer.subscription.deleted', sub);
  return sub;
}

/**
 * Test clock: moves the subscription to its next period as Stripe does when the period ends — a
 * subscription set to cancel ends; a trial converts (charging the card, or cancels without one when so
 * configured); an active one renews with a new invoice (declined → past_due).
 */
export function advancePeriod(state: StripeState, sub: Obj, emit: Emit): Obj {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return sub;
  if (sub.cancel_at_period_end) return cancelNow(sub, emit);
  const item = sub.items.data[0];
  const cus = state.customers[sub.customer];
  if (sub.status === 'trialing' && !defaultPaymentMethod(state, sub, cus) && sub.trial_settings?.end_behavior?.missing_payment_method === 'cancel') {
    return cancelNow(sub, emit);
  }
  const start = item.current_period_end;
  item.current_period_start = start;
  item.current_period_end = addInterval(start, item.price.recurring.interval);
  const wasTrial = sub.status === 'trialing';
  if (wasTrial) sub.trial_end = start;
  const inv = invoice(state, sub, discountedAmount(state, sub, item.price.unit_amount), 'subscription_cycle', emit, true);
  sub.status = inv.status === 'paid' ? 'active' : 'past_due';
  emit('customer.subscription.updated', sub);
  return sub;
}
