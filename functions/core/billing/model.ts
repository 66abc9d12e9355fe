/** Billing entities and ports (spec §3 Subscription products / Current subscription / Payment). No AWS or Stripe imports. */

export type Interval = 'month' | 'year';

export interface PlanPrice {
  readonly id: string;
  /** Cents. */
  readonly unitAmount: number;
  readonly interval: Interval;
  /** Monthly minutes allowance (price `metadata.minutes`). */
  readonly minutes: number;
}

export interface Plan {
  readonly productId: string;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
  /** Fair-use note shown in the plan text (product `metadata.fair_use`). */
  readonly fairUse: string | null;
  readonly prices: readonly PlanPrice[];
}

export interface CardDetails { readonly brand: string; readonly last4: string }

/** A subscription as the payment provider reports it (always re-fetched, never taken from an event body). */
export interface SubscriptionSnapshot {
  readonly id: string;
  readonly customerId: string;
  readonly status: string;
  readonly priceId: string;
  readonly productId: string;
  readonly planMinutes: number;
  readonly cancelAtPeriodEnd: boolean;
  /** Epoch seconds. */
  readonly startDate: number;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly defaultPaymentMethod: string | null;
  readonly card: CardDetails | null;
}

/** What the product stores per user. */
export interface BillingAccount {
  readonly userId: string;
  readonly customerId: string | null;
  readonly subscription: SubscriptionSnapshot | null;
  readonly trialUsed: boolean;
}

export interface NewSubscription {
  readonly customerId: string;
  readonly userId: string;
  readonly priceId: string;
  readonly promotionCodeId?: string;
  readonly trialDays?: number;
}

export interface CreatedSubscription {
  readonly snapshot: SubscriptionSnapshot;
  /** `latest_invoice.confirmation_secret` or `pending_setup_intent` client secret, when the client must still act. */
  readonly clientSecret: string | null;
}

/** A verified provider event: only its id, type and the subscription it concerns are used. */
export interface BillingEvent {
  readonly id: string;
  readonly type: string;
  readonly subscriptionId: string | null;
  readonly customerId: string | null;
}

/** Port: the payment provider (Stripe). Card problems throw PaymentDeclined; refused requests PaymentRejected. */
export interface PaymentProvider {
  listPlans(): Promise<Plan[]>;
  createCustomer(input: { email: string; name: string; userId: string }): Promise<string>;
  /** Attaches the PaymentMethod to the customer and makes it the default for invoices. */
  attachCard(customerId: string, paymentMethodId: string): Promise<CardDetails | null>;
  findPromotionCode(code: string): Promise<string | undefined>;
  /** Charges the first invoice now with the customer's default card (or starts the trial). */
  createSubscription(input: NewSubscription): Promise<CreatedSubscription>;
  changePrice(subscriptionId: string, priceId: string): Promise<SubscriptionSnapshot>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionSnapshot>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  latestSubscriptionOf(customerId: string): Promise<SubscriptionSnapshot | undefined>;
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body; throws InvalidSignature. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<BillingEvent>;
}

/** Port: the product's billing records. */
export interface BillingStore {
  findAccount(userId: string): Promise<BillingAccount | undefined>;
  findUserByCustomer(customerId: string): Promise<string | undefined>;
  /** Records the customer id once; returns the id stored (an earlier one wins a race). */
  saveCustomer(userId: string, customerId: string): Promise<string>;
  /**
   * Stores the subscription as fetched at `fetchedAtMs` (a time it was known current: the start of a re-fetch, the
   * arrival of a change's answer); a write older than the stored one is dropped, so two webhook deliveries handled
   * at once, or a webhook racing a plan change, cannot leave the earlier state on top.
   */
  saveSubscription(userId: string, snapshot: SubscriptionSnapshot, fetchedAtMs: number): Promise<void>;
  markTrialUsed(userId: string): Promise<void>;
  /** Claims an event id; false when it was already processed (or is being processed). */
  claimEvent(eventId: string, type: string, nowMs: number): Promise<boolean>;
  /** Gives an event id back after its processing failed, so the provider's retry is processed. */
  releaseEvent(eventId: string): Promise<void>;
}

/** Port: the charges of a user's recordings. */
export interface UsageLedger {
  chargesBetween(userId: string, startMs: number, endMs: number): Promise<{ minutes: number; chargedAtMs: number; refunded: boolean }[]>;
}
