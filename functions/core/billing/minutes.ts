import { entitlementAt, minutesLeft, type Entitlement } from './ledger.js';
import type { BillingStore, UsageLedger } from './model.js';

export interface MinutesDeps {
  readonly store: Pick<BillingStore, 'findAccount'>;
  readonly ledger: UsageLedger;
  readonly freeMinutes: number;
  readonly now: () => number;
}

export interface MinutesBalance { readonly left: number; readonly entitlement: Entitlement }

/** The caller's minutes now: the plan's allowance minus this period's charges (spec §3 User.minutes). */
export async function minutesBalance(deps: MinutesDeps, userId: string): Promise<MinutesBalance> {
  const account = await deps.store.findAccount(userId);
  const entitlement = entitlementAt(account?.subscription ?? undefined, deps.now(), deps.freeMinutes);
  const charges = await deps.ledger.chargesBetween(userId, entitlement.period.startMs, entitlement.period.endMs);
  return { left: minutesLeft(entitlement, charges), entitlement };
}
