/**
 * The subscription/pricing modal (spec §2, §4, §5 Checkout, §8 Payments): plan cards (states PENDING, SELECTED,
 * PURCHASED in `data-state`; shown as a "Current plan" badge and a "Selected" button, not as the state names) with
 * the first 6 features and See All / See Less, monthly or yearly prices
 * ('Save 15%!' on annual), a coupon field, the card fields of the CardCollector, and the toasts of §8.
 * A plan change (the card on file is charged at once) is confirmed first in the app's dialog, naming the card.
 * Reloads the page after a successful checkout. The checkout's steps are in `use-checkout.ts`, a card in `plan-card.tsx`.
 */
import { useState } from 'react';
import { useProducts, useSubscription, type CurrentSubscription } from '../../../api/billing/billing.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { Modal } from '../../../components/modal.js';
import { BILLING_TEXT, formatPrice } from '../billing-messages.js';
import { CardCollector } from '../card-collector.js';
import { useCheckout, type Checkout } from '../use-checkout.js';
import { PlanCard, type Interval } from './plan-card.js';
import { Toasts } from './toasts.js';

interface PricingModalProps {
  onClose: () => void;
  /** A price to preselect (the user's preferred plan). */
  preferredPriceId?: string | null;
  /** What happens after success (default: reload the page, spec §4). */
  onSuccess?: () => void;
}

/** The app's confirmation of a plan change: the new price, and the card charged today. */
function PlanChangeConfirm({ checkout, card }: { checkout: Checkout; card: CurrentSubscription['card_details'] | undefined }) {
  const chosen = checkout.selectedPrice;
  if (!checkout.confirmingChange || !chosen) return null;
  return (
    <ConfirmDialog title={`Change to ${chosen.product}?`} confirmLabel="Yes, change my plan" cancelLabel="Not now" busy={checkout.busy}
      text={`${chosen.product} is ${formatPrice(chosen.price.unit_amount)} / ${chosen.price.recurring_interval}. `
        + `Your card${card ? ` (${card.brand} •••• ${card.last4})` : ' on file'} is charged today for the rest of this period at the new price, `
        + 'less what is left of your current plan; then it renews at the new price.'}
      onConfirm={() => void checkout.checkout()} onCancel={checkout.cancelChange} />
  );
}

export function PricingModal({ onClose, preferredPriceId, onSuccess = () => window.location.reload() }: PricingModalProps) {
  const { data: products, error } = useProducts();
  const { data: current } = useSubscription();
  const preferredInterval = products?.flatMap((p) => p.prices).find((p) => p.id === preferredPriceId)?.recurring_interval;
  const [interval, setInterval] = useState<Interval>(preferredInterval ?? 'month');
  const checkout = useCheckout({ products, current, preferredPriceId, onSuccess });
  const { selected, busy, needsCard } = checkout;

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
              <PlanCard key={product.id} product={product} interval={interval} selected={selected} current={checkout.currentPrice}
                onSelect={checkout.choose} />
            ))}
          </ul>
          <label className="coupon">Coupon code (optional)
            <input value={checkout.coupon} onChange={(e) => checkout.setCoupon(e.target.value)} placeholder="Coupon code" autoComplete="off" />
          </label>
          {needsCard && <CardCollector onReady={checkout.onReady} />}
          <div className="modal-actions">
            {needsCard && !current?.trial_used && !current?.customer && (
              <button type="button" className="button-secondary" disabled={busy} onClick={() => void checkout.trial()}>Start free trial</button>
            )}
            <button type="button" className="button-primary" disabled={busy} onClick={checkout.checkoutAsked}>
              {checkout.activeSub ? 'Change plan' : 'Subscribe'}
            </button>
          </div>
        </>
      )}
      <Toasts toasts={checkout.toasts} />
      <PlanChangeConfirm checkout={checkout} card={current?.card_details} />
    </Modal>
  );
}
