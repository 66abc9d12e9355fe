/**
 * The subscription/pricing modal (spec §2, §4, §5 Checkout, §8 Payments): plan cards (states PENDING, SELECTED,
 * PURCHASED in `data-state`; shown as a "Current plan" badge and a "Selected" button, not as the state names) with
 * the first 6 features and See All / See Less, monthly or yearly prices
 * ('Save 15%!' on annual), a coupon field, the card fields of the CardCollector, and the toasts of §8.
 * A plan change (the card on file is charged at once) is confirmed first in the app's dialog, naming the card.
 * Reloads the page after a successful checkout.
 */
import { useCallback, useRef, useState } from 'react';
import { createPaymentIntent, subscribeTrial, useProducts, useSubscription, type Product } from '../../../api/billing/billing.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { Modal } from '../../../components/modal.js';
import {
  BILLING_TEXT, FEATURES_SHOWN, failureToasts, formatPrice, FREE_PRICE_ID, planCardState, successToast,
} from '../billing-messages.js';
import { CardCollector, CardInvalid, type CollectCard } from '../card-collector.js';
import { Toasts, useToasts } from './toasts.js';

interface PricingModalProps {
  onClose: () => void;
  /** A price to preselect (the user's preferred plan). */
  preferredPriceId?: string | null;
  /** What happens after success (default: reload the page, spec §4). */
  onSuccess?: () => void;
}

type Interval = 'month' | 'year';

export function PricingModal({ onClose, preferredPriceId, onSuccess = () => window.location.reload() }: PricingModalProps) {
  const { data: products, error } = useProducts();
  const { data: current } = useSubscription();
  const preferredInterval = products?.flatMap((p) => p.prices).find((p) => p.id === preferredPriceId)?.recurring_interval;
  const [interval, setInterval] = useState<Interval>(preferredInterval ?? 'month');
  const [selected, setSelected] = useState<string | undefined>(preferredPriceId && preferredPriceId !== FREE_PRICE_ID ? preferredPriceId : undefined);
  const [coupon, setCoupon] = useState('');
  const [busy, setBusy] = useState(false);
  const collect = useRef<CollectCard | undefined>(undefined);
  const onReady = useCallback((fn: CollectCard | undefined) => { collect.current = fn; }, []);
  const { toasts, push, clearErrors } = useToasts();
  const [confirmingChange, setConfirmingChange] = useState(false);
  const choose = (priceId: string) => { setSelected(priceId); clearErrors(); };
  const activeSub = current?.subscription && ['active', 'trialing', 'past_due'].includes(current.subscription.status) ? current.subscription : null;
  const currentPrice = activeSub?.plan.id ?? (current ? FREE_PRICE_ID : undefined);
  const needsCard = !activeSub;

  const selectedPrice = products?.flatMap((p) => p.prices.map((price) => ({ product: p.name, price }))).find((p) => p.price.id === selected);
  const card = current?.card_details;

  function checkoutAsked() {
    if (!selected || selected === FREE_PRICE_ID || selected === currentPrice) { push('error', BILLING_TEXT.selectPlan); return; }
    if (activeSub) { setConfirmingChange(true); return; }
    void checkout();
  }

  async function checkout() {
    setConfirmingChange(false);
    if (!selected) return;
    setBusy(true);
    push('info', BILLING_TEXT.processing);
    try {
      let paymentMethod: string | undefined;
      if (needsCard) {
        if (!collect.current) throw new CardInvalid('The card form is not ready.');
        paymentMethod = await collect.current();
      }
      const answer = await createPaymentIntent({ price_id: selected, coupon_code: coupon.trim() || undefined, payment_method: paymentMethod });
      if (!answer.is_subscription_success) throw new CardInvalid(answer.error ?? 'The payment needs confirmation that this app cannot do yet.');
      push('success', successToast(answer.outcome));
      setTimeout(onSuccess, 1200);
    } catch (thrown) {
      if (thrown instanceof CardInvalid) { push('error', BILLING_TEXT.cardInvalid); push('error', thrown.message); }
      else failureToasts(thrown).forEach((text) => push('error', text));
      setBusy(false);
    }
  }

  async function trial() {
    setBusy(true);
    push('info', BILLING_TEXT.processing);
    try {
      const answer = await subscribeTrial(selected && selected !== FREE_PRICE_ID ? selected : undefined);
      push('success', successToast(answer.outcome));
      setTimeout(onSuccess, 1200);
    } catch (thrown) {
      failureToasts(thrown).forEach((text) => push('error', text));
      setBusy(false);
    }
  }

  return (
    <Modal title="Choose your plan" onClose={onClose} className="pricing-modal">
      {error && <p className="error-text" role="alert">{BILLING_TEXT.contactSupport}</p>}
      {!products && !error && <p>Loading...</p>}
      {products && (
        <>
          <div className="interval-toggle" role="radiogroup" aria-label="Billing interval">
            <button type="button" role="radio" aria-checked={interval === 'month'} onClick={() => setInterval('month')}>Monthly</button>
            <button type="button" role="radio" aria-checked={interval === 'year'} onClick={() => setInterval('year')}>
              Yearly <span className="save-banner">{BILLING_TEXT.saveAnnual}</span>
            </button>
          </div>
          <ul className="plan-cards">
            {products.map((product) => (
              <PlanCard key={product.id} product={product} interval={interval} selected={selected} current={currentPrice} onSelect={choose} />
            ))}
          </ul>
          <label className="coupon">Coupon code (optional)
            <input value={coupon} onChange={(e) => setCoupon(e.target.value)} placeholder="Coupon code" autoComplete="off" />
          </label>
          {needsCard && <CardCollector onReady={onReady} />}
          <div className="modal-actions">
            {needsCard && !current?.trial_used && !current?.customer && (
              <button type="button" className="button-secondary" disabled={busy} onClick={trial}>Start free trial</button>
            )}
            <button type="button" className="button-primary" disabled={busy} onClick={checkoutAsked}>{activeSub ? 'Change plan' : 'Subscribe'}</button>
          </div>
        </>
      )}
      <Toasts toasts={toasts} />
      {confirmingChange && selectedPrice && (
        <ConfirmDialog title={`Change to ${selectedPrice.product}?`} confirmLabel="Yes, change my plan" cancelLabel="Not now" busy={busy}
          text={`${selectedPrice.product} is ${formatPrice(selectedPrice.price.unit_amount)} / ${selectedPrice.price.recurring_interval}. `
            + `Your card${card ? ` (${card.brand} •••• ${card.last4})` : ' on file'} is charged today for the rest of this period at the new price, `
            + 'less what is left of your current plan; then it renews at the new price.'}
          onConfirm={() => void checkout()} onCancel={() => setConfirmingChange(false)} />
      )}
    </Modal>
  );
}

function PlanCard({ product, interval, selected, current, onSelect }: {
  product: Product; interval: Interval; selected?: string; current?: string; onSelect: (priceId: string) => void;
}) {
  const [all, setAll] = useState(false);
  const price = product.prices.find((p) => p.recurring_interval === interval) ?? product.prices[0];
  if (!price) return null;
  const state = planCardState(price.id, selected, current);
  const features = all ? product.features : product.features.slice(0, FEATURES_SHOWN);
  const free = price.id === FREE_PRICE_ID;
  return (
    <li className={`plan-card plan-${state.toLowerCase()}`} data-state={state} aria-label={`${product.name} plan`}>
      <h3>{product.name}</h3>
      <p>{product.description}</p>
      <p className="price">{formatPrice(price.unit_amount)} <span>/ {price.recurring_interval}</span></p>
      {interval === 'year' && !free && <p className="save-banner">{BILLING_TEXT.saveAnnual}</p>}
      <ul className="features">{features.map((f) => <li key={f.name}>{f.name}</li>)}</ul>
      {product.features.length > FEATURES_SHOWN && (
        <button type="button" className="link-button" onClick={() => setAll((a) => !a)}>{all ? 'See Less' : 'See All'}</button>
      )}
      {product.fair_use && <p className="fair-use">{product.fair_use}</p>}
      {state === 'PURCHASED' && <p className="plan-badge">Current plan</p>}
      {!free && state !== 'PURCHASED' && (
        <button type="button" className={state === 'SELECTED' ? 'button-primary' : 'button-secondary'} aria-pressed={state === 'SELECTED'} onClick={() =>
          onSelect(price.id)}>
          {state === 'SELECTED' ? 'Selected' : `Choose ${product.name}`}
        </button>
      )}
    </li>
  );
}
