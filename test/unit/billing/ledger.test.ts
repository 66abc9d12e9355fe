import { calendarMonth, entitlementAt, freePlanMinutes, minutesLeft, usedInPeriod, type Charge, type PlanState } from '../../../functions/core/billing/ledger.js';

const at = (iso: string) => Date.parse(iso);
const secs = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const charge = (iso: string, minutes: number, refunded = false): Charge => ({ chargedAtMs: at(iso), minutes, refunded });
const pro = (status: string, start: string, end: string, minutes = 600): PlanState => ({ status, planMinutes: minutes, periodStart: secs(start), periodEnd: secs(end) });

describe('calendarMonth', () => {
  it('spans the UTC month of the instant, including December into January', () => {
    expect(calendarMonth(at('2026-01-31T23:59:59Z'))).toEqual({ startMs: at('2026-01-01T00:00:00Z'), endMs: at('2026-02-01T00:00:00Z') });
    expect(calendarMonth(at('2026-12-15T00:00:00Z'))).toEqual({ startMs: at('2026-12-01T00:00:00Z'), endMs: at('2027-01-01T00:00:00Z') });
  });
});

describe('minutes on the free plan', () => {
  const charges = [charge('2026-10-31T23:59:00Z', 20), charge('2026-11-02T10:00:00Z', 15), charge('2026-11-20T10:00:00Z', 30), charge('2026-12-01T00:00:00Z', 7)];

  it('counts only this calendar month’s charges against the free allowance', () => {
    const ent = entitlementAt(undefined, at('2026-11-23T08:00:00Z'), 60);
    expect(ent.plan).toBe('free');
    expect(minutesLeft(ent, charges)).toBe(60 - 15 - 30);
  });

  it('renews on the first of the month', () => {
    expect(minutesLeft(entitlementAt(undefined, at('2026-12-01T00:00:01Z'), 60), charges)).toBe(60 - 7);
  });

  it('does not count refunded charges, and may go below 0', () => {
    const ent = entitlementAt(undefined, at('2026-11-23T08:00:00Z'), 60);
    expect(minutesLeft(ent, [charge('2026-11-02T10:00:00Z', 50, true), charge('2026-11-03T10:00:00Z', 10)])).toBe(50);
    expect(minutesLeft(ent, [charge('2026-11-02T10:00:00Z', 61)])).toBe(-1);
  });

  it('falls back to the free plan when the subscription is canceled or incomplete', () => {
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused']) {
      expect(entitlementAt(pro(status, '2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z'), at('2026-11-23T00:00:00Z'), 60).plan).toBe('free');
    }
  });
});

describe('minutes on a paid plan', () => {
  const charges = [charge('2026-11-05T00:00:00Z', 40), charge('2026-11-12T00:00:00Z', 100), charge('2026-12-11T00:00:00Z', 25)];

  it('counts the billing period of the subscription, not the calendar month', () => {
    const ent = entitlementAt(pro('active', '2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z'), at('2026-11-23T00:00:00Z'), 60);
    expect(ent).toEqual({ plan: 'paid', allowance: 600, period: { startMs: at('2026-11-10T00:00:00Z'), endMs: at('2026-12-10T00:00:00Z') } });
    expect(minutesLeft(ent, charges)).toBe(500);
  });

  it('renewal (a new period) starts from the full allowance', () => {
    const ent = entitlementAt(pro('active', '2026-12-10T00:00:00Z', '2027-01-10T00:00:00Z'), at('2026-12-20T00:00:00Z'), 60);
    expect(minutesLeft(ent, charges)).toBe(575);
  });

  it('a plan change applies the new allowance at once within the same period', () => {
    const now = at('2026-11-23T00:00:00Z');
    const before = minutesLeft(entitlementAt(pro('active', '2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z', 600), now, 60), charges);
    const after = minutesLeft(entitlementAt(pro('active', '2026-11-10T00:00:00Z', '2026-12-10T00:00:00Z', 2000), now, 60), charges);
    expect([before, after]).toEqual([500, 1900]);
  });

  it('upgrading from free starts the paid period, so free-month usage before it does not count', () => {
    const ent = entitlementAt(pro('active', '2026-11-15T00:00:00Z', '2026-12-15T00:00:00Z'), at('2026-11-23T00:00:00Z'), 60);
    expect(usedInPeriod(charges, ent.period)).toBe(25); // only the December charge falls in the paid period
  });

  it('trialing and past_due keep the plan; a period whose renewal is late keeps counting', () => {
    expect(entitlementAt(pro('trialing', '2026-11-10T00:00:00Z', '2026-11-24T00:00:00Z'), at('2026-11-23T00:00:00Z'), 60).plan).toBe('paid');
    const late = entitlementAt(pro('past_due', '2026-10-10T00:00:00Z', '2026-11-10T00:00:00Z'), at('2026-11-23T00:00:00Z'), 60);
    expect(late.plan).toBe('paid');
    expect(usedInPeriod(charges, late.period)).toBe(140);
  });

  it('a refund in a later period gives the minutes back to the period they were charged in only', () => {
    const novemberRefunded = [charge('2026-11-12T00:00:00Z', 100, true), charge('2026-12-11T00:00:00Z', 25)];
    const dec = entitlementAt(pro('active', '2026-12-10T00:00:00Z', '2027-01-10T00:00:00Z'), at('2026-12-20T00:00:00Z'), 60);
    expect(minutesLeft(dec, novemberRefunded)).toBe(575);
  });
});

describe('freePlanMinutes', () => {
  it('defaults to 60 and reads whole numbers', () => {
    expect(freePlanMinutes(undefined)).toBe(60);
    expect(freePlanMinutes('')).toBe(60);
    expect(freePlanMinutes('5')).toBe(5);
    expect(() => freePlanMinutes('-1')).toThrow(RangeError);
    expect(() => freePlanMinutes('ten')).toThrow(RangeError);
  });
});
