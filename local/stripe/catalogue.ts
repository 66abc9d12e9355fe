/**
 * The local edition's default Stripe catalogue (docs/billing.md). Price `metadata.minutes` is the
 * allowance per billing period; the yearly prices cost 15% less than twelve months.
 */
export interface SeedProduct {
  id: string; name: string; description: string; features: string[]; fairUse: string;
  prices: { id: string; lookupKey: string; unitAmount: number; interval: 'month' | 'year'; minutes: number }[];
}

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    id: 'prod_meetscribe_pro', name: 'Pro', description: 'For people who record several meetings a week.',
    features: [
      '600 minutes of recordings a month', 'Speaker-labelled transcripts', 'Notes with action items',
      'Sentiment analysis', 'Search by name, on-screen text and voice', 'Zoom and Webex import',
      'Todoist and BasicOps sync', 'Share meetings by e-mail', 'Live whiteboard room for up to ten guests',
    ],
    fairUse: 'Fair use: up to 600 minutes of recordings per month; unused minutes do not carry over.',
    prices: [
      { id: 'price_pro_monthly', lookupKey: 'pro_monthly', unitAmount: 1900, interval: 'month', minutes: 600 },
      { id: 'price_pro_yearly', lookupKey: 'pro_yearly', unitAmount: 19380, interval: 'year', minutes: 7200 },
    ],
  },
  {
    id: 'prod_meetscribe_business', name: 'Business', description: 'For teams that live in meetings.',
    features: [
      '2000 minutes of recordings a month', 'Everything in Pro', 'Priority processing', 'Longer recordings (up to 4 hours)',
      'Bulk sharing', 'Usage reports', 'E-mail support within one business day',
    ],
    fairUse: 'Fair use: up to 2000 minutes of recordings per month; unused minutes do not carry over.',
    prices: [
      { id: 'price_business_monthly', lookupKey: 'business_monthly', unitAmount: 4900, interval: 'month', minutes: 2000 },
      { id: 'price_business_yearly', lookupKey: 'business_yearly', unitAmount: 49980, interval: 'year', minutes: 24000 },
    ],
  },
];

/** The seeded promotion code: 20% off the first invoice. */
export const SEED_PROMOTION = { id: 'promo_meetscribe20', code: 'MEETSCRIBE20', couponId: 'coupon_20_off_once', percentOff: 20 };

/** Stripe's documented test cards this server knows; any other number is refused as Stripe's test mode does. */
export const TEST_CARDS: Record<string, { brand: string; declines: boolean }> = {
  '4242424242424242': { brand: 'visa', declines: false },
  '4000000000000002': { brand: 'visa', declines: true },
  '5555555555554444': { brand: 'mastercard', declines: false },
};

/** Stripe's test PaymentMethod ids. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
};
