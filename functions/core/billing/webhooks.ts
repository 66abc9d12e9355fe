import { PaymentUnavailable } from './errors.js';
import type { BillingStore, PaymentProvider } from './model.js';

export interface WebhookDeps {
  readonly provider: Pick<PaymentProvider, 'verifyEvent' | 'retrieveSubscription' | 'latestSubscriptionOf'>;
  readonly store: Pick<BillingStore, 'claimEvent' | 'releaseEvent' | 'findUserByCustomer' | 'saveSubscription'>;
  readonly now: () => number;
}

/** Events that may change a subscription; any other verified event is acknowledged and ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted',
  'invoice.paid', 'invoice.payment_failed',
]);

export interface WebhookOutcome { received: true; duplicate: boolean; handled: boolean }

/**
 * Handles one provider webhook: verifies the signature over the raw body (InvalidSignature → 400),
 * processes each event id once (a replay changes nothing), and treats the event only as a trigger to
 * re-fetch the subscription and store its current state, so the order events arrive in does not matter.
 * A failure gives the event id back and rethrows, so the provider retries it.
 */
export async function handleProviderEvent(deps: WebhookDeps, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const event = await deps.provider.verifyEvent(rawBody, signature);
  if (!HANDLED_EVENTS.has(event.type)) return { received: true, duplicate: false, handled: false };
  if (!(await deps.store.claimEvent(event.id, event.type, deps.now()))) return { received: true, duplicate: true, handled: false };
  try {
    const fetchedAt = deps.now();
    const snapshot = event.subscriptionId
      ? await deps.provider.retrieveSubscription(event.subscriptionId)
      : event.customerId ? await deps.provider.latestSubscriptionOf(event.customerId) : undefined;
    const userId = snapshot ? await deps.store.findUserByCustomer(snapshot.customerId) : undefined;
    if (snapshot && userId) await deps.store.saveSubscription(userId, snapshot, fetchedAt);
    return { received: true, duplicate: false, handled: Boolean(snapshot && userId) };
  } catch (error) {
    await deps.store.releaseEvent(event.id);
    // Whatever went wrong while processing (a declined or missing object at Stripe included) is ours to retry:
    // a 5xx makes Stripe deliver the event again, where a 400 would be taken as final (docs/billing.md).
    throw error instanceof PaymentUnavailable ? error : new PaymentUnavailable();
  }
}
