/**
 * How the local Stripe server answers objects (third-party-apis.md §5.4): list envelopes, `expand[]`, Stripe's
 * "No such …" 404 and copies without the server's internal fields.
 */
import type { Obj, StripeState } from './state.js';
import { StripeFailure } from './state.js';

export function found(value: Obj | undefined, what: string, id: string): Obj {
  if (!value) throw new StripeFailure(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', 'id');
  return value;
}

export function list(state: StripeState, url: string, items: Obj[], query: URLSearchParams): Obj {
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
export function render(state: StripeState, value: Obj): Obj {
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
export function expand(state: StripeState, value: Obj, source: URLSearchParams | Obj): Obj {
  const paths: string[] = source instanceof URLSearchParams ? arrayParam(source, 'expand') : (source.expand ?? []);
  const out = render(state, value);
  for (const path of paths) walk(state, out, path.split('.'));
  EXPANDED.add(out);
  return out;
}

/** Values of `name[]`, `name[0]`, `name[1]`… (stripe-node indexes arrays in query strings). */
export function arrayParam(query: URLSearchParams, name: string): string[] {
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

/** A handler's result as sent: rendered, unless expand() already rendered it. */
export function rendered(state: StripeState, value: Obj): Obj {
  return EXPANDED.has(value) ? value : render(state, value);
}
