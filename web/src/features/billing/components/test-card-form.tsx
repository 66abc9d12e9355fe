/**
 * The local edition's card entry: Stripe.js cannot load without keys, so this form sends Stripe's
 * documented test cards to the local Stripe server (POST /dev/stripe/v1/payment_methods) and returns
 * the PaymentMethod id, exactly as Stripe.js's createPaymentMethod would.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { CardInvalid, type CardCollectorProps } from '../card-seam.js';

/** The local Stripe server's publishable key (local/stripe/index.ts LOCAL_PUBLISHABLE_KEY). */
const LOCAL_PUBLISHABLE_KEY = 'pk_test_meetscribe_local';

export function TestCardForm({ onReady }: CardCollectorProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const values = useRef({ number, expiry, cvc });
  values.current = { number, expiry, cvc };

  useEffect(() => {
    onReady(async () => {
      const { number: n, expiry: e, cvc: c } = values.current;
      const [month, year] = e.split('/').map((part) => part.trim());
      const body = new URLSearchParams({ type: 'card', 'card[number]': n.replace(/\s+/g, ''), 'card[exp_month]': month ?? '', 'card[exp_year]': year ?? '',
        'card[cvc]': c });
      let response: Response;
      try {
        response = await fetch('/dev/stripe/v1/payment_methods', {
          method: 'POST', body, headers: { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        });
      } catch {
        throw new CardInvalid('The test card service did not answer.');
      }
      const answer = await response.json().catch(() => ({})) as { id?: string; error?: { message?: string } };
      if (!response.ok || !answer.id) throw new CardInvalid(answer.error?.message ?? 'The card could not be checked.');
      return answer.id;
    });
    return () => onReady(undefined);
  }, [onReady]);

  return (
    <fieldset className="test-card-form">
      <legend>Test card (local edition — no real payment)</legend>
      <p className="hint">Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined, any future expiry and any CVC.</p>
      <label htmlFor={`${id}-number`}>Card number</label>
      <input id={`${id}-number`} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={number} onChange={(e) =>
        setNumber(e.target.value)} />
      <div className="card-row">
        <span>
          <label htmlFor={`${id}-expiry`}>Expiry (MM/YY)</label>
          <input id={`${id}-expiry`} autoComplete="cc-exp" placeholder="12/30" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </span>
        <span>
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input id={`${id}-cvc`} inputMode="numeric" autoComplete="cc-csc" placeholder="123" value={cvc} onChange={(e) => setCvc(e.target.value)} />
        </span>
      </div>
    </fieldset>
  );
}
