/**
 * The pricing modal's checkout (spec §4, §5 Checkout, §8 Payments): the chosen price and coupon, the card from the
 * CardCollector when there is no card on file, a plan change confirmed first (the card on file is charged at once),
 * the free trial, and the toasts of each step. Calls `onSuccess` shortly after a successful checkout or trial.
 */
import { useCallback, useRef, useState } from 'react';
import { createPaymentIntent, subscribeTrial, type CurrentSubscription, type Product } from '../../api/billing/billing.js';
import { BILLING_TEXT, failureToasts, FREE_PRICE_ID, successToast } from './billing-messages.js';
import { CardInvalid, type CollectCard } from './card-collector.js';
import { useToasts } from './components/toasts.js';

const ACTIVE = ['active', 'trialing', 'past_due'];

interface CheckoutOptions {
  products: Product[] | undefined;
  current: CurrentSubscription | undefined;
  preferredPriceId?: string | null;
  onSuccess: () => void;
}

/** The plan the user is on: the active subscription's price, the free plan without one, unknown while loading. */
function currentPlan(current: CurrentSubscription | undefined) {
  const activeSub = current?.subscription && ACTIVE.includes(current.subscription.status) ? current.subscription : null;
  return { activeSub, currentPrice: activeSub?.plan.id ?? (current ? FREE_PRICE_ID : undefined) };
}

export function useCheckout({ products, current, preferredPriceId, onSuccess }: CheckoutOptions) {
  const [selected, setSelected] = useState<string | undefined>(preferredPriceId && preferredPriceId !== FREE_PRICE_ID ? preferredPriceId : undefined);
  const [coupon, setCoupon] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmingChange, setConfirmingChange] = useState(false);
  const collect = useRef<CollectCard | undefined>(undefined);
  const onReady = useCallback((fn: CollectCard | undefined) => { collect.current = fn; }, []);
  const { toasts, push, clearErrors } = useToasts();
  const { activeSub, currentPrice } = currentPlan(current);
  const needsCard = !activeSub;
  const selectedPrice = products?.flatMap((p) => p.prices.map((price) => ({ product: p.name, price }))).find((p) => p.price.id === selected);

  const choose = (priceId: string) => { setSelected(priceId); clearErrors(); };
  const succeeded = (outcome: Parameters<typeof successToast>[0]) => { push('success', successToast(outcome)); setTimeout(onSuccess, 1200); };
  const failed = (thrown: unknown) => { failureToasts(thrown).forEach((text) => push('error', text)); setBusy(false); };

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
      succeeded(answer.outcome);
    } catch (thrown) {
      if (!(thrown instanceof CardInvalid)) return failed(thrown);
      push('error', BILLING_TEXT.cardInvalid);
      push('error', thrown.message);
      setBusy(false);
    }
  }

  /** Subscribe / Change plan: a plan must be chosen; a change of an active plan is confirmed first. */
  function checkoutAsked() {
    if (!selected || selected === FREE_PRICE_ID || selected === currentPrice) { push('error', BILLING_TEXT.selectPlan); return; }
    if (activeSub) { setConfirmingChange(true); return; }
    void checkout();
  }

  async function trial() {
    setBusy(true);
    push('info', BILLING_TEXT.processing);
    try {
      succeeded((await subscribeTrial(selected && selected !== FREE_PRICE_ID ? selected : undefined)).outcome);
    } catch (thrown) {
      failed(thrown);
    }
  }

  return {
    selected, choose, coupon, setCoupon, busy, toasts, onReady, activeSub, currentPrice, needsCard, selectedPrice,
    confirmingChange, cancelChange: () => setConfirmingChange(false), checkout, checkoutAsked, trial,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
