import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SEED_PRODUCTS, SEED_PROMOTION, TEST_CARDS, TEST_PAYMENT_METHODS } from './catalogue.js';

/** Objects kept by the local Stripe server, in Stripe's own field names (API ≥ basil shapes). */
export type Obj = Record<string, any>;

export interface StripeState {
  products: Record<string, Obj>;
  prices: Record<string, Obj>;
  customers: Record<string, Obj>;
  payment_methods: Record<string, Obj>;
  subscriptions: Record<string, Obj>;
  invoices: Record<string, Obj>;
  setup_intents: Record<string, Obj>;
  coupons: Record<string, Obj>;
  promotion_codes: Record<string, Obj>;
  portal_sessions: Record<string, Obj>;
  events: Obj[];
  /** Internal: card numbers behind payment methods (never sent). */
  cards: Record<string, string>;
}

export class StripeFailure extends Error {
  constructor(readonly status: number, readonly type: 'card_error' | 'invalid_request_error' | 'api_error', message: string,
    readonly code?: string, readonly param?: string, readonly declineCode?: string) {
    super(message);
  }
  body() {
    return { error: { type: this.type, message: this.message, ...(this.code ? { code: this.code } : {}), ...(this.param ? { param: this.param } : {}),
      ...(this.declineCode ? { decline_code: this.declineCode } : {}) } };
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function seededState(): StripeState {
  const created = 1_700_000_000;
  const state: StripeState = {
    products: {}, prices: {}, customers: {}, payment_methods: {}, subscriptions: {}, invoices: {}, setup_intents: {},
    coupons: {}, promotion_codes: {}, portal_sessions: {}, events: [], cards: {},
  };
  for (const p of SEED_PRODUCTS) {
    state.products[p.id] = {
      id: p.id, object: 'product', active: true, name: p.name, description: p.description, created, livemode: false,
      marketing_features: p.features.map((name) => ({ name })), metadata: { fair_use: p.fairUse }, default_price: p.prices[0].id,
    };
    for (const price of p.prices) {
      state.prices[price.id] = {
        id: price.id, object: 'price', active: true, currency: 'usd', product: p.id, unit_amount: price.unitAmount,
        recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' }, type: 'recurring',
        lookup_key: price.lookupKey, metadata: { minutes: String(price.minutes) }, created, livemode: false,
      };
    }
  }
  state.coupons[SEED_PROMOTION.couponId] = { id: SEED_PROMOTION.couponId, object: 'coupon', percent_off: SEED_PROMOTION.percentOff, duration: 'once',
    valid: true };
  state.promotion_codes[SEED_PROMOTION.id] = {
    id: SEED_PROMOTION.id, object: 'promotion_code', code: SEED_PROMOTION.code, active: true, created, livemode: false,
    promotion: { type: 'coupon', coupon: SEED_PROMOTION.couponId }, coupon: state.coupons[SEED_PROMOTION.couponId],
  };
  return state;
}

/** Loads `${dir}/state.json` or seeds a new state; `save()` writes it back atomically. */
export function openState(dir: string | undefined): { state: StripeState; save: () => void } {
  if (!dir) return { state: seededState(), save: () => undefined };
  const file = path.join(dir, 'state.json');
  let state: StripeState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as StripeState;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
    state = seededState();
  }
  return {
    state,
    save: () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
  };
}

/** Creates a card PaymentMethod from a number (Stripe's test cards only), or from a test PaymentMethod id. */
export function createCard(state: StripeState, input: { number?: string; exp_month?: unknown; exp_year?: unknown; cvc?: unknown }): Obj {
  const number = String(input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw new StripeFailure(402, 'card_error', 'Your card number is incorrect.', 'incorrect_number',
    'card[number]');
  const month = Number(input.exp_month);
  let year = Number(input.exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new StripeFailure(402, 'card_error', "Your card's expiration month is invalid.",
    'invalid_expiry_month', 'card[exp_month]');
  const now = new Date();
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    throw new StripeFailure(402, 'card_error', "Your card's expiration year is invalid.", 'invalid_expiry_year', 'card[exp_year]');
  }
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(String(input.cvc))) throw new StripeFailure(402, 'card_error', "Your card's security code is invalid.",
    'invalid_cvc', 'card[cvc]');
  const known = TEST_CARDS[number];
  if (!known) {
    throw new StripeFailure(402, 'card_error',
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: ' +
        'https://stripe.com/docs/testing.', 'card_declined', undefined, 'test_mode_live_card');
  }
  const pm = {
    id: newId('pm'), object: 'payment_method', type: 'card', customer: null, created: nowSeconds(), livemode: false, metadata: {},
    card: { brand: known.brand, last4: number.slice(-4), exp_month: month, exp_year: year, funding: 'credit', country: 'US' },
    billing_details: { name: null, email: null },
  };
  state.payment_methods[pm.id] = pm;
  state.cards[pm.id] = number;
  return pm;
}

/** A PaymentMethod by id; Stripe's test ids (pm_card_visa, …) mint a fresh PaymentMethod each time. */
export function resolvePaymentMethod(state: StripeState, id: string): Obj {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) return createCard(state, { number: testNumber, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' });
  const pm = state.payment_methods[id];
  if (!pm) throw new StripeFailure(404, 'invalid_request_error', `No such PaymentMethod: '${id}'`, 'resource_missing', 'payment_method');
  return pm;
}

export function cardDeclines(state: StripeState, paymentMethodId: string): boolean {
  return TEST_CARDS[state.cards[paymentMethodId] ?? '']?.declines ?? false;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
    sum += digit;
  }
  return sum % 10 === 0;
}
