/**
 * The one card-entry seam (CardCollector): Stripe.js Card Element when the server has a publishable key,
 * otherwise a clearly labelled test-card form that asks the local Stripe server for a PaymentMethod.
 * Either way the checkout gets a PaymentMethod id from `collect()`; nothing else knows which is in use.
 */
import { lazy, Suspense } from 'react';
import { useStripeConfig } from '../../api/billing/billing.js';
import type { CardCollectorProps } from './card-seam.js';
import { TestCardForm } from './components/test-card-form.js';

export { CardInvalid, type CardCollectorProps, type CollectCard } from './card-seam.js';

const StripeCardForm = lazy(() => import('./components/stripe-card-form.js'));

export function CardCollector({ onReady }: CardCollectorProps) {
  const { data: config, error } = useStripeConfig();
  if (error) return <p className="error-text">The card form could not be loaded.</p>;
  if (!config) return <p>Loading card form…</p>;
  if (config.publishable_key) {
    return <Suspense fallback={<p>Loading card form…</p>}><StripeCardForm publishableKey={config.publishable_key} onReady={onReady} /></Suspense>;
  }
  return <TestCardForm onReady={onReady} />;
}
