/**
 * Settings → Subscription (spec §2, §3 Current subscription, §4): current plan, status (TO BE CANCELED
 * when set to cancel at period end), card brand and last 4, renewal date, minutes bar, Manage billing
 * (the provider's portal in a new tab), Cancel, and the pricing modal to subscribe or change plan.
 */
import { useState } from 'react';
import { getCustomerPortal, useSubscription } from '../../../api/billing/billing.js';
import { useCancelSubscription } from '../../../api/billing/cancel-subscription.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { formatLongDate } from '../../../lib/time.js';
import { BILLING_TEXT, failureToasts, statusText } from '../billing-messages.js';
import { PricingModal } from './pricing-modal.js';
import { Toasts, useToasts } from './toasts.js';

/**
 * What the period's end means: a trial without a card on file ends there (it is cancelled at its end,
 * docs/billing.md), a subscription set to cancel ends there, any other renews there.
 */
function periodEndLabel(sub: { status: string; cancel_at_period_end: boolean }, hasCard: boolean): string {
  if (sub.status === 'trialing' && !hasCard) return 'Trial ends on';
  return sub.cancel_at_period_end ? 'Ends on' : 'Renews on';
}

export function SubscriptionTab() {
  const { data, error } = useSubscription();
  const [pricing, setPricing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { toasts, push } = useToasts();
  const cancelSubscription = useCancelSubscription();
  if (error) return <p className="error-text" role="alert">{BILLING_TEXT.contactSupport}</p>;
  if (!data) return <p>Loading...</p>;
  const sub = data.subscription;
  const { left, allowance } = data.minutes;

  async function portal() {
    setBusy(true);
    // Opened before the call so the browser treats it as a user action; pointed at the portal when it answers.
    const tab = window.open('', '_blank');
    try {
      const { url } = await getCustomerPortal();
      if (tab) tab.location.href = url; else window.open(url, '_blank');
    } catch (thrown) {
      tab?.close();
      failureToasts(thrown).forEach((text) => push('error', text));
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    setConfirmingCancel(false);
    setBusy(true);
    try {
      await cancelSubscription();
      push('success', BILLING_TEXT.cancelled);
    } catch (thrown) {
      failureToasts(thrown).forEach((text) => push('error', text));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="subscription-tab">
      <dl>
        <dt>Plan</dt><dd data-testid="plan-name">{data.product.name}</dd>
        <dt>Status</dt><dd data-testid="plan-status">{sub ? statusText(sub.status, sub.cancel_at_period_end) : 'free'}</dd>
        {data.card_details && <><dt>Card</dt><dd>{data.card_details.brand} •••• {data.card_details.last4}</dd></>}
        {sub && <><dt>{periodEndLabel(sub, Boolean(data.card_details))}</dt>
          <dd>{formatLongDate(sub.current_period_end)}{sub.status === 'trialing' && !data.card_details ? ' (no card on file)' : ''}</dd></>}
        <dt>Minutes left this period</dt>
        <dd>
          <span data-testid="minutes-left">{left}</span> of {allowance}
          <progress max={Math.max(allowance, 1)} value={Math.max(0, Math.min(left, allowance))} aria-label="Minutes left" />
        </dd>
      </dl>
      <div className="modal-actions">
        <button type="button" className="button-primary" onClick={() => setPricing(true)}>{sub ? 'Change plan' : 'Upgrade'}</button>
        {data.customer && <button type="button" className="button-secondary" disabled={busy} onClick={portal}>Manage billing</button>}
        {sub && !sub.cancel_at_period_end && sub.status !== 'canceled' && <button type="button" className="button-danger" disabled={busy} onClick={() =>
          setConfirmingCancel(true)}>Cancel subscription</button>}
      </div>
      {pricing && <PricingModal onClose={() => setPricing(false)} />}
      {confirmingCancel && sub && (
        <ConfirmDialog title="Cancel your subscription?"
          text={`It stays active until ${formatLongDate(sub.current_period_end)}; after that you are on the free plan.`}
          confirmLabel="Yes, cancel it" cancelLabel="Keep it" busy={busy} onConfirm={() => void cancel()} onCancel={() => setConfirmingCancel(false)} />
      )}
      <Toasts toasts={toasts} />
    </div>
  );
}
