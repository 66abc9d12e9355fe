import type { Obj, StripeState } from './state.js';
import type { Delivery } from './webhooks.js';

const esc = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const page = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}
td,th{border-bottom:1px solid #ddd;padding:.35rem;text-align:left;font-size:13px}.note{background:#fff4d6;padding:.6rem;border-radius:6px}
form{display:inline}button{margin:.2rem}.error{color:#b00020}</style></head><body>${body}</body></html>`;

/** The customer portal of a session: cancel at period end (or undo), switch plan, and return to the app. */
export function portalPage(state: StripeState, session: Obj, subs: Obj[], self: string, error: string | null): string {
  const rows = subs.map((s) => {
    const item = s.items.data[0];
    const product = state.products[item.price.product];
    const others = Object.values(state.prices).filter((p) => p.active && p.id !== item.price.id);
    return `<section><h2>${esc(product?.name)} — ${money(item.price.unit_amount)} / ${esc(item.price.recurring.interval)}</h2>
<p>Status: <strong>${esc(s.cancel_at_period_end ? 'to be canceled' : s.status)}</strong>, current period ${day(item.current_period_start)} – ${day(
  item.current_period_end)}</p>
<form method="post" action="${esc(self)}/${s.cancel_at_period_end ? 'resume' : 'cancel'}"><input type="hidden" name="subscription" value="${esc(s.id)}">
<button type="submit">${s.cancel_at_period_end ? 'Renew plan' : 'Cancel plan'}</button></form>
<form method="post" action="${esc(self)}/switch"><input type="hidden" name="subscription" value="${esc(s.id)}">
<label>Switch to <select name="price">${others.map((p) => `<option value="${esc(p.id)}">${esc(state.products[p.product]?.name)} — ${money(
  p.unit_amount)} / ${esc(p.recurring.interval)}</option>`).join('')}</select></label>
<button type="submit">Update plan</button></form></section>`;
  }).join('') || '<p>No active subscription.</p>';
  const cus = state.customers[session.customer];
  const pm = cus?.invoice_settings?.default_payment_method ? state.payment_methods[cus.invoice_settings.default_payment_method] : undefined;
  return page('Billing portal (local Stripe)', `<p class="note">Local Stripe server — test mode customer portal.</p>
<h1>Manage billing</h1><p>${esc(cus?.email)}${pm ? ` · ${esc(pm.card.brand)} •••• ${esc(pm.card.last4)}` : ''}</p>
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}${rows}
${session.return_url ? `<p><a href="${esc(session.return_url)}">Return to MeetScribe</a></p>` : ''}`);
}

/** /dev/stripe/: what the local Stripe server holds and what it delivered. */
export function readOutPage(state: StripeState, deliveries: readonly Delivery[]): string {
  const subs = Object.values(state.subscriptions).map((s) => {
    const item = s.items.data[0];
    return `<tr><td>${esc(s.id)}</td><td>${esc(state.customers[s.customer]?.email)}</td><td>${esc(item.price.id)}</td><td>${esc(
      s.status)}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</td>
<td>${day(item.current_period_start)} – ${day(item.current_period_end)}</td><td><form method="post" action="__test/advance/${esc(
  s.id)}"><button>Advance to next period</button></form></td></tr>`;
  }).join('');
  const invoices = Object.values(state.invoices).map((i) => `<tr><td>${esc(i.id)}</td><td>${esc(i.status)}</td><td>${money(i.amount_due)}</td><td>${esc(
    i.billing_reason)}</td><td>${esc(i.last_payment_error?.message ?? '')}</td></tr>`).join('');
  const events = deliveries.slice(-50).reverse().map((d) => `<tr><td>${esc(d.eventId)}</td><td>${esc(d.type)}</td><td>${esc(
    d.status)}</td><td>${d.attempts}</td><td>${esc(d.lastResponse)}</td></tr>`).join('');
  const prices = Object.values(state.prices).map((p) => `<tr><td>${esc(p.id)}</td><td>${esc(state.products[p.product]?.name)}</td><td>${money(
    p.unit_amount)} / ${esc(p.recurring.interval)}</td><td>${esc(p.metadata.minutes)}</td></tr>`).join('');
  const promos = Object.values(state.promotion_codes).map((p) => `<tr><td>${esc(p.code)}</td><td>${esc(p.coupon?.percent_off)}% off, ${esc(
    p.coupon?.duration)}</td><td>${p.active ? 'active' : 'inactive'}</td></tr>`).join('');
  return page('Local Stripe', `<h1>Local Stripe server</h1>
<p class="note">Test cards: 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined); any future expiry, any CVC. PaymentMethods pm_card_visa, ` +
  `pm_card_chargeDeclined. <a href="state.json">state.json</a></p>
<h2>Subscriptions</h2><table><tr><th>id</th><th>customer</th><th>price</th><th>status</th><th>period</th><th></th></tr>${subs}</table>
<h2>Invoices</h2><table><tr><th>id</th><th>status</th><th>amount</th><th>reason</th><th>error</th></tr>${invoices}</table>
<h2>Webhook deliveries (latest first)</h2><table><tr><th>event</th><th>type</th><th>status</th><th>attempts</th><th>last response</th></tr>${events}</table>
<h2>Prices</h2><table><tr><th>id</th><th>product</th><th>amount</th><th>minutes</th></tr>${prices}</table>
<h2>Promotion codes</h2><table><tr><th>code</th><th>discount</th><th></th></tr>${promos}</table>`);
}
