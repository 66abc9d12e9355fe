import { formatClock, formatClockRange, formatDate, formatDateTime, formatDay, formatLongDate } from '../../../web/src/lib/time.js';

describe('formatClock', () => {
  it('shows a moment as m:ss under an hour and H:mm:ss from an hour on, whole seconds rounded down', () => {
    expect([formatClock(0), formatClock(9.9), formatClock(75.6), formatClock(3599)]).toEqual(['0:00', '0:09', '1:15', '59:59']);
    expect([formatClock(3600), formatClock(3725), formatClock(36_000)]).toEqual(['1:00:00', '1:02:05', '10:00:00']);
  });

  it('counts a negative time as 0:00', () => {
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('formatClockRange', () => {
  it('joins the start and end clocks with an en dash', () => {
    expect(formatClockRange(75, 3725)).toBe('1:15 – 1:02:05');
  });
});

describe('dates', () => {
  it('says nothing for a missing or unreadable time', () => {
    expect([formatDate(null), formatDate(undefined), formatDate(''), formatDate('not a date')]).toEqual([undefined, undefined, undefined, undefined]);
    expect(formatDateTime('not a date')).toBeUndefined();
  });

  it('formats a readable time in the browser locale', () => {
    const iso = '2026-03-02T10:00:00.000Z';
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(Date.parse(iso)));
    expect(formatDateTime(iso)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso)));
    expect(formatLongDate(Date.parse(iso) / 1000)).toMatch(/2026/);
  });

  it('shows a calendar day as the same day in every time zone, and an unreadable day as it came', () => {
    expect(formatDay('2026-03-02')).toBe(new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
      .format(Date.UTC(2026, 2, 2)));
    expect(formatDay('someday')).toBe('someday');
  });
});
