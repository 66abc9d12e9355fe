import { z } from 'zod';

const optionalText = (max: number) => z.union([z.string().trim().max(max), z.null()]).optional().transform((v) => v || undefined);

/** `POST users/create_payment_intent/` (spec §3 Payment request); a missing plan is the use case's 'Kindly select a plan'. */
export const paymentRequest = z.object({
  price_id: optionalText(255).transform((v) => v ?? ''),
  coupon_code: optionalText(100),
  payment_method: optionalText(255),
});

/** What the SPA sends to `POST users/create_payment_intent/`. */
export type PaymentRequestBody = z.input<typeof paymentRequest>;

/** `POST users/subscribe_trial/`: optionally the price to try (default: the cheapest monthly plan). */
export const trialRequest = z.object({ price_id: optionalText(255) });
export type TrialRequestBody = z.input<typeof trialRequest>;

/** `GET users/get_stripe_config/` (ours): the key Stripe.js loads with; null in the local edition (its test-card form). */
export interface StripeConfig { publishable_key: string | null }

/** `POST users/get_customer_portal/`: the provider's portal, returning to the app. */
export interface CustomerPortal { url: string }

/** `POST users/cancel_subscription/`: cancelled at the end of the period, and the subscription as it now is. */
export interface CancelledSubscription { detail: string; subscription: NonNullable<CurrentSubscription['subscription']> }

/** A product of `GET users/get_stripe_products/` (spec §3 Subscription products); functions/core/billing/catalogue.ts builds it. */
export interface ProductView {
  id: string;
  name: string;
  description: string;
  features: { name: string }[];
  fair_use: string | null;
  prices: { id: string; unit_amount: number; recurring_interval: 'month' | 'year'; minutes: number }[];
}

/** Spec §3 Payment response of the subscribe, change and trial calls, plus `outcome` so the SPA picks the §8 toast. */
export interface PaymentResponse {
  clientSecret: string | null;
  is_subscription_success: boolean;
  error: string | null;
  outcome: 'subscribed' | 'plan_changed' | 'trial_activated' | 'requires_action';
}

/** `GET users/get_subscription/` (spec §3 Current subscription, Stripe's shape), with the minutes balance. */
export interface CurrentSubscription {
  subscription: null | {
    id: string; status: string; cancel_at_period_end: boolean; start_date: number;
    current_period_start: number; current_period_end: number;
    plan: { id: string; product: string };
    items: { data: {
      price: { id: string; product: string; metadata: { minutes: string } };
      current_period_start: number; current_period_end: number;
    }[] };
  };
  product: { name: string };
  customer: null | { id: string; invoice_settings: { default_payment_method: string | null } };
  card_details: null | { last4: string; brand: string };
  minutes: { left: number; allowance: number; plan: 'free' | 'paid' };
  trial_used: boolean;
}
