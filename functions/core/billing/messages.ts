/** Texts of the billing calls (spec §5 Checkout, §8 Payments). */
export const BILLING_MESSAGES = {
  selectPlan: 'Kindly select a plan',
  invalidCoupon: 'The coupon code is not valid.',
  alreadySubscribed: 'You are already subscribed to this plan.',
  trialUsed: 'Your free trial has already been used.',
  noSubscription: 'You have no subscription to cancel.',
  noCustomer: 'You have no billing account yet. Choose a plan first.',
  cardRequired: 'Please enter your card details.',
} as const;

/** Days of the free trial of `POST users/subscribe_trial/`. */
export const TRIAL_DAYS = 14;

/** Shown on the meeting row while a kept recording waits for minutes (spec §2: below 0 blocks use). */
export const WAITING_FOR_MINUTES = 'Not processed yet: you have used up your minutes for the month. The recording is kept and will be processed once ' +
  'minutes are available.';
