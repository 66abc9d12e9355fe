import type { ProductView } from '../../contracts/billing.js';
import type { Plan } from './model.js';

/** The free plan's price id; the SPA marks the free plan card by it (spec §4: 'A specific price id marks the free plan'). */
export const FREE_PRICE_ID = 'price_free';

const FREE_FEATURES = [
  'Upload mp4 and m4a recordings',
  'Speaker-labelled transcripts',
  'Notes with action items',
  'Sentiment analysis',
  'Search by name, on-screen text and voice',
];

/** The free plan, with the configured monthly allowance. */
export function freePlan(minutes: number): Plan {
  return {
    productId: 'free', name: 'Free', description: `${minutes} minutes of recordings a month, free forever.`,
    features: FREE_FEATURES, fairUse: null,
    prices: [{ id: FREE_PRICE_ID, unitAmount: 0, interval: 'month', minutes }],
  };
}

export type { ProductView };

export function toProductView(plan: Plan): ProductView {
  return {
    id: plan.productId,
    name: plan.name,
    description: plan.description,
    features: plan.features.map((name) => ({ name })),
    fair_use: plan.fairUse,
    prices: plan.prices.map((p) => ({ id: p.id, unit_amount: p.unitAmount, recurring_interval: p.interval, minutes: p.minutes })),
  };
}

/** The free plan first, then the paid plans by their cheapest monthly price. */
export function catalogueView(paid: readonly Plan[], freeMinutes: number): ProductView[] {
  const monthly = (plan: Plan) => Math.min(...plan.prices.filter((p) => p.interval === 'month').map((p) => p.unitAmount), Infinity);
  return [freePlan(freeMinutes), ...[...paid].sort((a, b) => monthly(a) - monthly(b))].map(toProductView);
}
