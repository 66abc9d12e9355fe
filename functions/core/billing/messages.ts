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
