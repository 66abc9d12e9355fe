/** One plan of the pricing modal: price for the interval, the first features with See All / See Less, and its state. */
import { useState } from 'react';
import type { Product } from '../../../api/billing/billing.js';
import { BILLING_TEXT, FEATURES_SHOWN, formatPrice, FREE_PRICE_ID, planCardState } from '../billing-messages.js';

export type Interval = 'month' | 'year';

export function PlanCard({ product, interval, selected, current, onSelect }: {
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
