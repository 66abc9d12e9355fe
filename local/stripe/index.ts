import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { advancePeriod, cancelNow, createSubscription, customer, markPaid, subscription, updateSubscription, type Emit } from './billing.js';
import { parseStripeForm } from './form.js';
import { portalPage, readOutPage } from './pages.js';
import { createCard, newId, nowSeconds, openState, resolvePaymentMethod, StripeFailure, type Obj, type StripeState } from './state.js';
import { createWebhookSender } from './webhooks.js';

/** The publishable key of the local server: it may only create PaymentMethods (the SPA's test-card form). */
export const LOCAL_PUBLISHABLE_KEY = 'pk_test_meetscribe_local';
/** API version stamped on events (the one stripe-node 23.1.0 pins; functions/adapters/stripe/client.ts). */
const API_VERSION = '2026-10-28.endive';

export interface LocalStripeOptions {
  /** Folder of `state.json`; omitted = in memory. */
  dataDir?: string;
  host?: string;
  port?: number;
  /** The only secret key accepted (Bearer). */
  secretKey: string;
  /** Signs webhook deliveries (the product verifies with the same secret). */
  webhookSecret: string;
  /** Where webhooks go, e.g. `${gateway}/api/webhooks/stripe/`. */
  webhookUrl: () => string | undefined;
  /** Base URL browsers reach this server at (the gateway's /dev/stripe); default its own endpoint. */
  publicUrl?: () => string | undefined;
  webhookMaxAttempts?: number;
  webhookRetryDelayMs?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

export interface LocalStripe {
  readonly endpoint: string;
  readonly state: StripeState;
  /** Resolves when every queued webhook has been delivered or given up on. */
  webhooksIdle(): Promise<void>;
  stop(): Promise<void>;
}

type Handler = (input: { params: Obj; query: URLSearchParams; match: string[]; key: 'secret' | 'publishable' | null }) => unknown;

/**
 * A stateful Stripe stand-in for the local edition and the tests, speaking the wire format of
 * ../shared/design/third-party-apis.md §5.4: form-encoded requests with bracket notation, Bearer secret
 * key, Stripe-Version, Idempotency-Key replay, Stripe error bodies, list envelopes and `expand`. It keeps
 * products, prices, customers, PaymentMethods (Stripe's test cards), subscriptions with invoices,
 * promotion codes and portal sessions, and delivers signed webhooks with retries (docs/billing.md).
 */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const { state, save } = openState(options.dataDir);
  let endpoint = '';
  const publicUrl = () => (options.publicUrl?.() ?? endpoint).replace(/\/+$/, '');
  const sender = createWebhookSender({
    endpoint: options.webhookUrl, secret: options.webhookSecret, maxAttempts: options.webhookMaxAttempts,
    retryDelayMs: options.webhookRetryDelayMs, log: options.log,
  });
  const idempotency = new Map<string, { status: number; body: unknown }>();

  const emit: Emit = (type, object) => {
    const event = {
      id: newId('evt'), object: 'event', api_version: API_VERSION, created: nowSeconds(), livemode: false, type,
      data: { object: render(state, object) }, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    };
    state.events.push(event);
    sender.send(event);
  };

  const routes: [string, RegExp, Handler][] = [
    ['GET', /^\/v1\/products$/, ({ query }) => list(state, '/v1/products', Object.values(state.products).filter((p) => query.get('active') !== 'true' ||
      p.active), query)],
    ['GET', /^\/v1\/products\/([^/]+)$/, ({ match, query }) => expand(state, found(state.products[match[1]], 'product', match[1]), query)],
    ['GET', /^\/v1\/prices$/, ({ query }) => {
      const keys = arrayParam(query, 'lookup_keys');
      const prices = Object.values(state.prices).filter((p) => (query.get('active') !== 'true' || p.active)
        && (!query.get('type') || p.type === query.get('type')) && (!query.get('product') || p.product === query.get('product'))
        && (keys.length === 0 || keys.includes(p.lookup_key)));
      return list(state, '/v1/prices', prices, query);
    }],
    ['GET', /^\/v1\/prices\/([^/]+)$/, ({ match, query }) => expand(state, found(state.prices[match[1]], 'price', match[1]), query)],
    ['POST', /^\/v1\/customers$/, ({ params }) => {
      const c = { id: newId('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {},
        created: nowSeconds(), livemode: false, invoice_settings: { default_payment_method: null } };
      state.customers[c.id] = c;
      return c;
    }],
    ['GET', /^\/v1\/customers\/([^/]+)$/, ({ match, query }) => expand(state, customer(state, match[1], 'id'), query)],
    ['POST', /^\/v1\/customers\/([^/]+)$/, ({ match, params }) => {
      const c = customer(state, match[1], 'id');
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
    }],
    ['POST', /^\/v1\/payment_methods$/, ({ params }) => {
      if (params.type !== 'card') throw new StripeFailure(400, 'invalid_request_error', 'Only type=card is supported.', 'parameter_invalid', 'type');
      return createCard(state, params.card ?? {});
    }],
    ['GET', /^\/v1\/payment_methods\/([^/]+)$/, ({ match }) => found(state.payment_methods[match[1]], 'PaymentMethod', match[1])],
    ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, ({ match, params }) => {
      const c = customer(state, params.customer);
      const pm = resolvePaymentMethod(state, match[1]);
      if (pm.customer && pm.customer !== c.id) throw new StripeFailure(400, 'invalid_request_error',
        'The payment method you provided has already been attached to a customer.', 'payment_method_unexpected_state');
      pm.customer = c.id;
      return pm;
    }],
    ['POST', /^\/v1\/subscriptions$/, ({ params }) => expand(state, createSubscription(state, params, emit), params)],
    ['GET', /^\/v1\/subscriptions$/, ({ query }) => {
      const status = query.get('status');
      const subs = Object.values(state.subscriptions)
        .filter((s) => (!query.get('customer') || s.customer === query.get('customer')) && (status === 'all' ? true : status ? s.status === status :
          s.status !== 'canceled'))
        .sort((a, b) => b.created - a.created);
      return list(state, '/v1/subscriptions', subs, query);
    }],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, ({ match, query }) => expand(state, subscription(state, match[1]), query)],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, ({ match, params }) => expand(state, updateSubscription(state, subscription(state, match[1]), params, emit),
      params)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, ({ match }) => cancelNow(subscription(state, match[1]), emit)],
    ['GET', /^\/v1\/invoices\/([^/]+)$/, ({ match, query }) => expand(state, found(state.invoices[match[1]], 'invoice', match[1]), query)],
    ['GET', /^\/v1\/promotion_codes$/, ({ query }) => list(state, '/v1/promotion_codes', Object.values(state.promotion_codes)
      .filter((p) => (!query.get('code') || p.code.toUpperCase() === query.get('code')!.toUpperCase()) && (query.get('active') !== 'true' || p.active)),
        query)],
    ['POST', /^\/v1\/billing_portal\/sessions$/, ({ params }) => {
      const c = customer(state, params.customer);
      const session = { id: newId('bps'), object: 'billing_portal.session', customer: c.id, return_url: params.return_url ?? null, created: nowSeconds(),
        livemode: false, url: '' };
      session.url = `${publicUrl()}/portal/${session.id}`;
      state.portal_sessions[session.id] = session;
      return session;
    }],
    // Test-only controls (no key): pay an open invoice; move a subscription to its next period.
    ['POST', /^\/__test\/pay\/([^/]+)$/, ({ match }) => markPaid(state, found(state.invoices[match[1]], 'invoice', match[1]), emit)],
    ['POST', /^\/__test\/advance\/([^/]+)$/, ({ match }) => render(state, advancePeriod(state, subscription(state, match[1]), emit))],
  ];

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (method === 'GET' && (url.pathname === '/' || url.pathname === '')) return html(res, 200, readOutPage(state, sender.deliveries));
    if (method === 'GET' && url.pathname === '/state.json') return json(res, 200, { ...state, cards: undefined, deliveries: sender.deliveries });
    const portal = /^\/portal\/([^/]+)(?:\/(cancel|resume|switch))?$/.exec(url.pathname);
    if (portal) return servePortal(portal[1], portal[2], method, raw, res);

    const key = authKey(req.headers.authorization);
    const route = routes.find(([m, pattern]) => m === method && pattern.test(url.pathname));
    if (!route) return json(res, 404, new StripeFailure(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`).body());
    const testRoute = url.pathname.startsWith('/__test/');
    const publishableAllowed = method === 'POST' && url.pathname === '/v1/payment_methods';
    if (!testRoute && key !== 'secret' && !(key === 'publishable' && publishableAllowed)) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: key === 'publishable'
        ? 'This API call cannot be made with a publishable API key. Please use a secret API key.'
        : 'Invalid API Key provided.' } });
    }
    const idemKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const replay = typeof idemKey === 'string' ? idempotency.get(idemKey) : undefined;
    if (replay) return json(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
    let status = 200;
    let body: unknown;
    try {
      const params = method === 'GET' || method === 'DELETE' ? {} : parseStripeForm(raw);
      body = route[2]({ params, query: url.searchParams, match: route[1].exec(url.pathname)!.slice(0), key });
      if (!EXPANDED.has(body as Obj)) body = render(state, body as Obj);
      save();
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      status = error.status;
      body = error.body();
    }
    if (typeof idemKey === 'string') idempotency.set(idemKey, { status, body });
    json(res, status, body, { 'stripe-version': String(req.headers['stripe-version'] ?? API_VERSION), 'request-id': newId('req') });
  }

  function servePortal(id: string, action: string | undefined, method: string, raw: string, res: http.ServerResponse) {
    const session = state.portal_sessions[id];
    if (!session) return html(res, 404, '<h1>This portal session does not exist.</h1>');
    const subs = Object.values(state.subscriptions).filter((s) => s.customer === session.customer && s.status !== 'canceled');
    if (method === 'POST' && action) {
      const form = new URLSearchParams(raw);
      const sub = subs.find((s) => s.id === form.get('subscription'));
      try {
        if (!sub) throw new StripeFailure(400, 'invalid_request_error', 'No such subscription.');
        if (action === 'cancel') updateSubscription(state, sub, { cancel_at_period_end: 'true' }, emit);
        if (action === 'resume') updateSubscription(state, sub, { cancel_at_period_end: 'false' }, emit);
        if (action === 'switch') updateSubscription(state, sub, { items: [{ id: sub.items.data[0].id, price: form.get('price') }],
          proration_behavior: 'always_invoice' }, emit);
        save();
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        return html(res, error.status, portalPage(state, session, subs, `${publicUrl()}/portal/${id}`, error.message));
      }
      res.writeHead(303, { location: `${publicUrl()}/portal/${id}` }).end();
      return;
    }
    return html(res, 200, portalPage(state, session, subs, `${publicUrl()}/portal/${id}`, null));
  }

  function authKey(header: string | undefined): 'secret' | 'publishable' | null {
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
    if (token === options.secretKey) return 'secret';
    if (token === LOCAL_PUBLISHABLE_KEY) return 'publishable';
    return null;
  }

  const server = http.createServer((req, res) => {
    // No CORS grant: the SPA's test-card form posts from the app's origin through the gateway (/dev/stripe), and
    // no other page may read customers from here (docs/security.md).
    handle(req, res).catch((error: unknown) => {
      options.log?.('Local Stripe request failed', { error: String((error as Error)?.stack ?? error) });
      if (!res.headersSent) json(res, 500, { error: { type: 'api_error', message: 'An unexpected error occurred.' } });
    });
  });
  const listening = await listenLocal(server, options);
  endpoint = listening.endpoint;
  return {
    endpoint,
    state,
    webhooksIdle: () => sender.idle(),
    async stop() {
      // Let a delivery in flight finish (briefly) so the product is not called while it shuts down.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([sender.idle(), new Promise((r) => { timer = setTimeout(r, 2000); })]);
      clearTimeout(timer);
      sender.stop();
      await listening.stop();
    },
  };
}

function found(value: Obj | undefined, what: string, id: string): Obj {
  if (!value) throw new StripeFailure(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', 'id');
  return value;
}

function list(state: StripeState, url: string, items: Obj[], query: URLSearchParams): Obj {
  const limit = Math.min(Number(query.get('limit') ?? 10) || 10, 100);
  const envelope = { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
  return expand(state, envelope, query);
}

const COLLECTIONS: [string, keyof StripeState][] = [
  ['in_', 'invoices'], ['seti_', 'setup_intents'], ['pm_', 'payment_methods'], ['price_', 'prices'], ['prod_', 'products'],
  ['cus_', 'customers'], ['sub_', 'subscriptions'], ['promo_', 'promotion_codes'],
];

function lookup(state: StripeState, id: string): Obj | undefined {
  const collection = COLLECTIONS.find(([prefix]) => id.startsWith(prefix))?.[1];
  return collection ? (state[collection] as Record<string, Obj>)[id] : undefined;
}

/** A response copy without the server's internal fields (an invoice's confirmation_secret is includable only by expand). */
function render(state: StripeState, value: Obj): Obj {
  const copy = JSON.parse(JSON.stringify(value));
  const strip = (o: Obj) => {
    if (!o || typeof o !== 'object') return;
    if (o.object === 'invoice') delete o.confirmation_secret;
    if (Array.isArray(o.discounts)) o.discounts = o.discounts.map((d: Obj) => ({ object: 'discount', coupon: state.coupons[d.coupon] ?? d.coupon,
      promotion_code: d.promotion_code ?? null }));
    for (const v of Object.values(o)) if (typeof v === 'object') strip(v);
  };
  strip(copy);
  return copy;
}

/** Responses already rendered and expanded (rendering again would drop expanded includable fields). */
const EXPANDED = new WeakSet<Obj>();

/** Applies `expand[]` paths (e.g. latest_invoice.confirmation_secret, data.default_payment_method). */
function expand(state: StripeState, value: Obj, source: URLSearchParams | Obj): Obj {
  const paths: string[] = source instanceof URLSearchParams ? arrayParam(source, 'expand') : (source.expand ?? []);
  const out = render(state, value);
  for (const path of paths) walk(state, out, path.split('.'));
  EXPANDED.add(out);
  return out;
}

/** Values of `name[]`, `name[0]`, `name[1]`… (stripe-node indexes arrays in query strings). */
function arrayParam(query: URLSearchParams, name: string): string[] {
  return [...query.entries()].filter(([k]) => k === name || k.startsWith(`${name}[`)).map(([, v]) => v);
}

function walk(state: StripeState, node: Obj, path: string[]): void {
  if (!node || path.length === 0) return;
  const [head, ...rest] = path;
  if (node.object === 'list' && head === 'data') { for (const item of node.data) walk(state, item, rest); return; }
  let child = node[head];
  if (typeof child === 'string') {
    const raw = lookup(state, child);
    if (raw) { child = render(state, raw); node[head] = child; }
  } else if (child === undefined && node.object === 'invoice' && head === 'confirmation_secret') {
    child = state.invoices[node.id]?.confirmation_secret ?? null;
    node[head] = child;
  }
  if (child && typeof child === 'object') walk(state, child, rest);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function html(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}
