/**
 * When the pricing modal opens by itself (spec §2): when the user's preferred plan (sign-up `plan`) is a
 * paid plan they do not have yet, once per browser session. It is also opened from the minutes overlay.
 * (Opening it for every user without a paid subscription would cover the app for everyone on the free plan.)
 */
import { useEffect, useState } from 'react';
import type { User } from '@contracts/auth-users.js';
import { useProducts, useSubscription } from '../../api/billing/billing.js';
import { FREE_PRICE_ID } from './billing-messages.js';
import { PricingModal } from './components/pricing-modal.js';

const SHOWN_KEY = 'meetscribe.pricing-shown';

export function usePricingModal(user: User | undefined) {
  const [open, setOpen] = useState(false);
  const { data: products } = useProducts();
  const { data: current } = useSubscription();
  const preferred = user?.preferred_plan ?? null;
  const paidPreferred = Boolean(preferred && preferred !== FREE_PRICE_ID && products?.some((p) => p.prices.some((price) => price.id === preferred)));

  useEffect(() => {
    if (!paidPreferred || !current || sessionStorage.getItem(SHOWN_KEY)) return;
    if (current.subscription?.plan.id === preferred) return;
    sessionStorage.setItem(SHOWN_KEY, '1');
    setOpen(true);
  }, [paidPreferred, current, preferred]);

  return {
    open: () => setOpen(true),
    element: open ? <PricingModal preferredPriceId={paidPreferred ? preferred : undefined} onClose={() => setOpen(false)} /> : null,
  };
}
