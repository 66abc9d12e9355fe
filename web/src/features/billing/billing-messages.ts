/** Texts of the subscription screens (spec §2, §4, §5 Checkout, §8 Payments, §9). */
import { errorField, errorStatus } from '../../api/error-messages.js';
import type { PaymentResponse } from '../../api/billing/billing.js';

export const BILLING_TEXT = {
  selectPlan: 'Kindly select a plan',
  processing: 'Payment Processing',
  paymentFailed: 'Payment Failed',
  cardInvalid: 'Card is Invalid',
  contactSupport: 'Contact support, Error.',
  subscribed: 'Successfully Subscribed',
  planChanged: 'Plan changed successfully.',
  trialActivated: 'Trial Successfully Activated',
  cancelled: 'Subscription will be cancelled at end of period',
  saveAnnual: 'Save 15%!',
  toBeCanceled: 'TO BE CANCELED',
} as const;

/** The free plan's price id (functions/core/billing/catalogue.ts FREE_PRICE_ID). */
export const FREE_PRICE_ID = 'price_free';

/** First features shown on a plan card before See All (spec §9). */
export const FEATURES_SHOWN = 6;

export type PlanCardState = 'PENDING' | 'SELECTED' | 'PURCHASED';

/** PURCHASED for the current plan, SELECTED for the chosen one, PENDING otherwise (spec §4). */
export function planCardState(priceId: string, selected: string | undefined, current: string | undefined): PlanCardState {
  if (priceId === current) return 'PURCHASED';
  return priceId === selected ? 'SELECTED' : 'PENDING';
}

/** Cents as dollars with two decimals (spec §9). */
export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Status text: TO BE CANCELED when cancel_at_period_end is set, otherwise the status value (spec §4). */
export const statusText = (status: string, cancelAtPeriodEnd: boolean) => (cancelAtPeriodEnd ? BILLING_TEXT.toBeCanceled : status);

/** The success toast of a checkout outcome. */
export function successToast(outcome: PaymentResponse['outcome']): string {
  if (outcome === 'plan_changed') return BILLING_TEXT.planChanged;
  if (outcome === 'trial_activated') return BILLING_TEXT.trialActivated;
  return BILLING_TEXT.subscribed;
}

/** The toasts of a failed checkout call: 402 → 'Payment Failed' and the server's text; 400 → the server's text; else 'Contact support, Error.' */
export function failureToasts(error: unknown): string[] {
  const status = errorStatus(error);
  const text = errorField(error, 'error');
  if (status === 402) return [BILLING_TEXT.paymentFailed, ...(text ? [text] : [])];
  if (status >= 400 && status < 500 && text) return [text];
  return [BILLING_TEXT.contactSupport];
}
