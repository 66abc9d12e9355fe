/** Card entry through Stripe.js (Card Element): the card never touches our servers; we get a PaymentMethod id. */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useMemo } from 'react';
import { CardInvalid, type CardCollectorProps } from '../card-seam.js';

const loaded = new Map<string, Promise<Stripe | null>>();

function CardElementCollector({ onReady }: CardCollectorProps) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return undefined;
    onReady(async () => {
      const card = elements.getElement(CardElement);
      if (!card) throw new CardInvalid('The card form is not ready.');
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (error || !paymentMethod) throw new CardInvalid(error?.message ?? 'The card could not be checked.');
      return paymentMethod.id;
    });
    return () => onReady(undefined);
  }, [stripe, elements, onReady]);
  return <div className="stripe-card"><CardElement options={{ hidePostalCode: true }} /></div>;
}

export default function StripeCardForm({ publishableKey, onReady }: CardCollectorProps & { publishableKey: string }) {
  const stripe = useMemo(() => {
    if (!loaded.has(publishableKey)) loaded.set(publishableKey, loadStripe(publishableKey));
    return loaded.get(publishableKey)!;
  }, [publishableKey]);
  return <Elements stripe={stripe}><CardElementCollector onReady={onReady} /></Elements>;
}
