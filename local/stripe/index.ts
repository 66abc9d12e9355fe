import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { listener, route, routeTable, type Call, type Reply, type Route, type WireFormat } from '../provider-kit/routes.js';
import { stripeApiRoutes, type StripeContext, type StripeKey, type StripeRoute } from './api-routes.js';
import { updateSubscription, type Emit } from './billing.js';
import { parseStripeForm } from './form.js';
import { portalPage, readOutPage } from './pages.js';
import { render, rendered } from './render.js';
import { newId, nowSeconds, openState, StripeFailure, type Obj, type StripeState } from './state.js';
import { createWebhookSender, type Delivery } from './webhooks.js';

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

/**
 * A stateful Stripe stand-in for the local edition and the tests, speaking the wire format of
 * ../shared/design/third-party-apis.md §5.4: form-encoded requests with bracket notation, Bearer secret
 * key, Stripe-Version, Idempotency-Key replay, Stripe error bodies, list envelopes and `expand`. It keeps
 * products, prices, customers, PaymentMethods (Stripe's test cards), subscriptions with invoices,
 * promotion codes and portal sessions, and delivers signed webhooks with retries (docs/billing.md).
 * The API routes (api-routes.ts), the read-outs and the portal pages are one route table of local/provider-kit.
 */
export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const { state, save } = openState(options.dataDir);
  let endpoint = '';
  const sender = createWebhookSender({
    endpoint: options.webhookUrl, secret: options.webhookSecret, maxAttempts: options.webhookMaxAttempts,
    retryDelayMs: options.webhookRetryDelayMs, log: options.log,
  });
  const emit: Emit = (type, object) => {
    const event = {
      id: newId('evt'), object: 'event', api_version: API_VERSION, created: nowSeconds(), livemode: false, type,
      data: { object: render(state, object) }, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    };
    state.events.push(event);
    sender.send(event);
  };
  const context: StripeContext = { state, emit, publicUrl: () => (options.publicUrl?.() ?? endpoint).replace(/\/+$/, '') };
  const api = apiRoute({ ...context, save, secretKey: options.secretKey, idempotency: new Map() });
  const routes = [...readOutRoutes(state, sender.deliveries), ...portalRoutes({ ...context, save }), ...stripeApiRoutes(context).map(api)];
  // No CORS grant: the SPA's test-card form posts from the app's origin through the gateway (/dev/stripe), and
  // no other page may read customers from here (docs/security.md).
  const server = http.createServer(listener(routeTable(routes, stripeWire(options.log))));
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

const stripeError = (status: number, message: string): Reply => (status >= 500
  ? { status, body: { error: { type: 'api_error', message: 'An unexpected error occurred.' } } }
  : { status, body: new StripeFailure(status, 'invalid_request_error', message).body() });
const unrecognized = (method: string, path: string) => stripeError(404, `Unrecognized request URL (${method}: ${path}).`);

/** Stripe's error body; a wrong method is an unrecognized URL, as Stripe answers it. */
function stripeWire(log: LocalStripeOptions['log']): WireFormat {
  return {
    error: stripeError, notFound: unrecognized, wrongMethod: 'not-found', bodyLimit: 10_000_000,
    log: (message, extra) => log?.(`Local Stripe: ${message}`, extra),
    caught: (e) => (e instanceof StripeFailure ? { status: e.status, body: e.body() } : undefined),
  };
}

/** GET / (a page for people) and GET /state.json (for tests): the state and the webhook deliveries. */
function readOutRoutes(state: StripeState, deliveries: readonly Delivery[]): Route[] {
  return [
    route('GET', '/', () => ({ status: 200, html: readOutPage(state, deliveries) })),
    route('GET', '/state.json', () => ({ status: 200, body: { ...state, cards: undefined, deliveries } })),
  ];
}

const PORTAL_ACTIONS: Record<string, Obj> = {
  cancel: { cancel_at_period_end: 'true' }, resume: { cancel_at_period_end: 'false' },
};

/** The customer portal a billing_portal session links to: the subscriptions, with cancel, resume and switch forms. */
function portalRoutes({ state, emit, publicUrl, save }: StripeContext & { save(): void }): Route[] {
  function page(call: Call): Reply {
    const session = state.portal_sessions[call.params.id];
    if (!session) return { status: 404, html: '<h1>This portal session does not exist.</h1>' };
    const subs = Object.values(state.subscriptions).filter((s) => s.customer === session.customer && s.status !== 'canceled');
    return { status: 200, html: portalPage(state, session, subs, `${publicUrl()}/portal/${call.params.id}`, null) };
  }
  async function act(call: Call): Promise<Reply> {
    const { id, action } = call.params;
    if (!['cancel', 'resume', 'switch'].includes(action)) return unrecognized(call.method, call.path);
    const session = state.portal_sessions[id];
    if (call.method !== 'POST' || !session) return page(call);
    const subs = Object.values(state.subscriptions).filter((s) => s.customer === session.customer && s.status !== 'canceled');
    const form = await call.form();
    const sub = subs.find((s) => s.id === form.get('subscription'));
    try {
      if (!sub) throw new StripeFailure(400, 'invalid_request_error', 'No such subscription.');
      updateSubscription(state, sub, PORTAL_ACTIONS[action] ?? { items: [{ id: sub.items.data[0].id, price: form.get('price') }],
        proration_behavior: 'always_invoice' }, emit);
      save();
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      return { status: error.status, html: portalPage(state, session, subs, `${publicUrl()}/portal/${id}`, error.message) };
    }
    return { status: 303, headers: { location: `${publicUrl()}/portal/${id}` } };
  }
  return [route('*', '/portal/:id', page), route('*', '/portal/:id/:action', act)];
}

interface ApiContext extends StripeContext { save(): void; secretKey: string; idempotency: Map<string, Reply> }

/**
 * A Stripe API route on the table: the Bearer key checked (the publishable key may only create PaymentMethods; the
 * /__test/ controls take none), an Idempotency-Key replayed, the form parsed, the answer rendered and the state saved.
 */
function apiRoute(context: ApiContext) {
  return ({ method, path, handler }: StripeRoute): Route => route(method, path, async (call): Promise<Reply> => {
    const key = authKey(call.req.headers.authorization, context.secretKey);
    const publishableAllowed = method === 'POST' && path === '/v1/payment_methods';
    if (!path.startsWith('/__test/') && key !== 'secret' && !(key === 'publishable' && publishableAllowed)) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: key === 'publishable'
        ? 'This API call cannot be made with a publishable API key. Please use a secret API key.'
        : 'Invalid API Key provided.' } } };
    }
    const idemKey = method === 'POST' ? call.req.headers['idempotency-key'] : undefined;
    const replay = typeof idemKey === 'string' ? context.idempotency.get(idemKey) : undefined;
    if (replay) return { ...replay, headers: { 'idempotent-replayed': 'true' } };
    let reply: Reply;
    try {
      const params = method === 'GET' || method === 'DELETE' ? {} : parseStripeForm(await call.text());
      reply = { status: 200, body: rendered(context.state, handler({ params, query: call.url.searchParams, id: call.params.id ?? '', key }) as Obj) };
      context.save();
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      reply = { status: error.status, body: error.body() };
    }
    if (typeof idemKey === 'string') context.idempotency.set(idemKey, reply);
    return { ...reply, headers: { 'stripe-version': String(call.req.headers['stripe-version'] ?? API_VERSION), 'request-id': newId('req') } };
  });
}

function authKey(header: string | undefined, secretKey: string): StripeKey {
  const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (token === secretKey) return 'secret';
  if (token === LOCAL_PUBLISHABLE_KEY) return 'publishable';
  return null;
}
