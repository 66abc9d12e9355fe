import { DetailError, DomainError } from '../errors.js';

/** The payment response shape of spec §3 carries the error text: `{clientSecret, is_subscription_success, error}`. */
abstract class PaymentError extends DomainError {
  body(): unknown { return { clientSecret: null, is_subscription_success: false, error: this.message }; }
}

/** 402: the card was declined or is invalid (the provider's message). */
export class PaymentDeclined extends PaymentError {
  readonly name = 'PaymentDeclined';
  readonly statusCode = 402;
}

/** 400: the request cannot be served (no such plan, bad coupon, nothing to cancel, the provider refused it). */
export class PaymentRejected extends PaymentError {
  readonly name = 'PaymentRejected';
  readonly statusCode = 400;
}

/** 503: the payment provider could not be reached. */
export class PaymentUnavailable extends PaymentError {
  readonly name = 'PaymentUnavailable';
  readonly statusCode = 503;
  constructor(message = 'The payment service is unavailable. Please try again later.') { super(message); }
}

/** 400 on the webhook: the signature does not verify. */
export class InvalidSignature extends DetailError {
  readonly name = 'InvalidSignature';
  readonly statusCode = 400;
}
