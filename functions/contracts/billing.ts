import { z } from 'zod';

const optionalText = (max: number) => z.union([z.string().trim().max(max), z.null()]).optional().transform((v) => v || undefined);

/** `POST users/create_payment_intent/` (spec §3 Payment request); a missing plan is the use case's 'Kindly select a plan'. */
export const paymentRequest = z.object({
  price_id: optionalText(255).transform((v) => v ?? ''),
  coupon_code: optionalText(100),
  payment_method: optionalText(255),
});

/** `POST users/subscribe_trial/`: optionally the price to try (default: the cheapest monthly plan). */
export const trialRequest = z.object({ price_id: optionalText(255) });

/** A product of `GET users/get_stripe_products/` (spec §3 Subscription products); functions/core/billing/catalogue.ts builds it. */
export interface ProductView {
  id: string;
  name: string;
  description: string;
  features: { name: string }[];
  fair_use: string | null;
  prices: { id: string; unit_amount: number; recurring_interval: 'month' | 'year'; minutes: number }[];
}
