/**
 * Minutes arithmetic (spec §1, §9): a user's minutes = the plan's monthly allowance minus the minutes
 * charged for recordings processed in the current period, refunded charges not counted. The period is
 * the paid subscription's billing period, or the calendar month (UTC) on the free plan. Pure functions.
 */

/** Subscription statuses that entitle the user to the paid plan's allowance. */
export const ENTITLED_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export interface Period { readonly startMs: number; readonly endMs: number }

/** What the ledger needs to know about a user's subscription. */
export interface PlanState {
  readonly status: string;
  readonly planMinutes: number;
  /** Billing period, epoch seconds (from the subscription item, Stripe API ≥ basil). */
  readonly periodStart: number;
  readonly periodEnd: number;
}

export interface Charge {
  readonly minutes: number;
  readonly chargedAtMs: number;
  readonly refunded: boolean;
}

export interface Entitlement {
  readonly plan: 'free' | 'paid';
  readonly allowance: number;
  readonly period: Period;
}

/** The UTC calendar month an instant falls in. */
export function calendarMonth(nowMs: number): Period {
  const d = new Date(nowMs);
  return { startMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), endMs: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
}

/**
 * The allowance and period in force at `nowMs`: the paid plan's while the subscription is entitled,
 * otherwise the free plan's over the calendar month. A period whose renewal has not been reported yet
 * stays open (its usage keeps counting) rather than handing out a free new period; a period that starts
 * a little after `nowMs` (clock skew with the provider) already counts from its own start.
 */
export function entitlementAt(plan: PlanState | undefined, nowMs: number, freeMinutes: number): Entitlement {
  if (plan && ENTITLED_STATUSES.has(plan.status)) {
    const startMs = plan.periodStart * 1000;
    const endMs = Math.max(plan.periodEnd * 1000, nowMs + 1);
    return { plan: 'paid', allowance: plan.planMinutes, period: { startMs, endMs } };
  }
  return { plan: 'free', allowance: freeMinutes, period: calendarMonth(nowMs) };
}

/** Minutes charged within the period, refunds excluded. */
export function usedInPeriod(charges: readonly Charge[], period: Period): number {
  return charges
    .filter((c) => !c.refunded && c.chargedAtMs >= period.startMs && c.chargedAtMs < period.endMs)
    .reduce((sum, c) => sum + c.minutes, 0);
}

/** Remaining minutes: allowance minus this period's charges (may be negative: the last recording is never cut). */
export function minutesLeft(entitlement: Entitlement, charges: readonly Charge[]): number {
  return entitlement.allowance - usedInPeriod(charges, entitlement.period);
}

/** The free plan's monthly minutes when MEETSCRIBE_FREE_PLAN_MINUTES is not set: the one definition of the default. */
export const DEFAULT_FREE_PLAN_MINUTES = 60;

/** Reads the free plan allowance setting (MEETSCRIBE_FREE_PLAN_MINUTES); default 60. Throws on a non-integer. */
export function freePlanMinutes(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return DEFAULT_FREE_PLAN_MINUTES;
  const value = Number(setting);
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`MEETSCRIBE_FREE_PLAN_MINUTES must be a whole number ≥ 0, got '${setting}'.`);
  return value;
}
