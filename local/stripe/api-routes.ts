/**
 * The Stripe API of the local server (third-party-apis.md §5.4): products, prices, customers, PaymentMethods,
 * subscriptions, invoices, promotion codes and portal sessions, plus the test-only controls under /__test/. Each
 * handler takes the parsed form (`params`), the query and the path's id, and returns a Stripe object.
 */
import { advancePeriod, cancelNow, createSubscription, customer, markPaid, subscription, updateSubscription, type Emit } from './billing.js';
import { arrayParam, expand, found, list, render } from './render.js';
import { createCard, newId, nowSeconds, resolvePaymentMethod, StripeFailure, type Obj, type StripeState } from './state.js';

export type StripeKey = 'secret' | 'publishable' | null;
export type StripeHandler = (input: { params: Obj; query: URLSearchParams; id: string; key: StripeKey }) => unknown;
export interface StripeRoute { method: string; path: string; handler: StripeHandler }
export interface StripeContext { state: StripeState; emit: Emit; publicUrl(): string }

const stripeRoute = (method: string, path: string, handler: StripeHandler): StripeRoute => ({ method, path, handler });

export function stripeApiRoutes(context: StripeContext): StripeRoute[] {
  return [...catalogueRoutes(context), ...customerRoutes(context), ...subscriptionRoutes(context), ...testRoutes(context)];
}

function catalogueRoutes({ state }: StripeContext): StripeRoute[] {
  return [
    stripeRoute('GET', '/v1/products', ({ query }) => list(state, '/v1/products', Object.values(state.products)
      .filter((p) => query.get('active') !== 'true' || p.active), query)),
    stripeRoute('GET', '/v1/products/:id', ({ id, query }) => expand(state, found(state.products[id], 'product', id), query)),
    stripeRoute('GET', '/v1/prices', ({ query }) => {
      const keys = arrayParam(query, 'lookup_keys');
      const prices = Object.values(state.prices).filter((p) => (query.get('active') !== 'true' || p.active)
        && (!query.get('type') || p.type === query.get('type')) && (!query.get('product') || p.product === query.get('product'))
        && (keys.length === 0 || keys.includes(p.lookup_key)));
      return list(state, '/v1/prices', prices, query);
    }),
    stripeRoute('GET', '/v1/prices/:id', ({ id, query }) => expand(state, found(state.prices[id], 'price', id), query)),
    stripeRoute('GET', '/v1/promotion_codes', ({ query }) => list(state, '/v1/promotion_codes', Object.values(state.promotion_codes)
      .filter((p) => (!query.get('code') || p.code.toUpperCase() === query.get('code')!.toUpperCase()) && (query.get('active') !== 'true' || p.active)),
    query)),
  ];
}

function customerRoutes({ state, publicUrl }: StripeContext): StripeRoute[] {
  return [
    stripeRoute('POST', '/v1/customers', ({ params }) => {
      const c = { id: newId('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {},
        created: nowSeconds(), livemode: false, invoice_settings: { default_payment_method: null } };
      state.customers[c.id] = c;
      return c;
    }),
    stripeRoute('GET', '/v1/customers/:id', ({ id, query }) => expand(state, customer(state, id, 'id'), query)),
    stripeRoute('POST', '/v1/customers/:id', ({ id, params }) => updateCustomer(state, customer(state, id, 'id'), params)),
    stripeRoute('POST', '/v1/payment_methods', ({ params }) => {
      if (params.type !== 'card') throw new StripeFailure(400, 'invalid_request_error', 'Only type=card is supported.', 'parameter_invalid', 'type');
      return createCard(state, params.card ?? {});
    }),
    stripeRoute('GET', '/v1/payment_methods/:id', ({ id }) => found(state.payment_methods[id], 'PaymentMethod', id)),
    stripeRoute('POST', '/v1/payment_methods/:id/attach', ({ id, params }) => {
      const c = customer(state, params.customer);
      const pm = resolvePaymentMethod(state, id);
      if (pm.customer && pm.customer !== c.id) throw new StripeFailure(400, 'invalid_request_error',
        'The payment method you provided has already been attached to a customer.', 'payment_method_unexpected_state');
      pm.customer = c.id;
      return pm;
    }),
    stripeRoute('POST', '/v1/billing_portal/sessions', ({ params }) => {
      const c = customer(state, params.customer);
      const session = { id: newId('bps'), object: 'billing_portal.session', customer: c.id, return_url: params.return_url ?? null, created: nowSeconds(),
        livemode: false, url: '' };
      session.url = `${publicUrl()}/portal/${session.id}`;
      state.portal_sessions[session.id] = session;
      return session;
    }),
  ];
}

function updateCustomer(state: StripeState, c: Obj, params: Obj): Obj {
  const pm = params.invoice_settings?.default_payment_method;
  if (pm !== undefined) {
    if (pm && state.payment_methods[pm]?.customer !== c.id) throw new StripeFailure(400, 'invalid_request_error',
      `The customer does not have a payment method with the ID ${pm}. The payment method must be attached to the customer.`, 'resource_missing',
      'invoice_settings[default_payment_method]');
    c.invoice_settings.default_payment_method = pm || null;
  }
  for (const field of ['email', 'name'] as const) if (params[field] !== undefined) c[field] = params[field];
  if (params.metadata) c.metadata = { ...c.metadata, ...params.metadata };
  return c;
}

function subscriptionRoutes({ state, emit }: StripeContext): StripeRoute[] {
  return [
    stripeRoute('POST', '/v1/subscriptions', ({ params }) => expand(state, createSubscription(state, params, emit), params)),
    stripeRoute('GET', '/v1/subscriptions', ({ query }) => {
      const status = query.get('status');
      const subs = Object.values(state.subscriptions)
        .filter((s) => (!query.get('customer') || s.customer === query.get('customer')) && (status === 'all' ? true : status ? s.status === status :
          s.status !== 'canceled'))
        .sort((a, b) => b.created - a.created);
      return list(state, '/v1/subscriptions', subs, query);
    }),
    stripeRoute('GET', '/v1/subscriptions/:id', ({ id, query }) => expand(state, subscription(state, id), query)),
    stripeRoute('POST', '/v1/subscriptions/:id', ({ id, params }) => expand(state, updateSubscription(state, subscription(state, id), params, emit),
      params)),
    stripeRoute('DELETE', '/v1/subscriptions/:id', ({ id }) => cancelNow(subscription(state, id), emit)),
    stripeRoute('GET', '/v1/invoices/:id', ({ id, query }) => expand(state, found(state.invoices[id], 'invoice', id), query)),
  ];
}

/** Test-only controls (no key): pay an open invoice; move a subscription to its next period. */
function testRoutes({ state, emit }: StripeContext): StripeRoute[] {
  return [
    stripeRoute('POST', '/__test/pay/:id', ({ id }) => markPaid(state, found(state.invoices[id], 'invoice', id), emit)),
    stripeRoute('POST', '/__test/advance/:id', ({ id }) => render(state, advancePeriod(state, subscription(state, id), emit))),
  ];
}
