/**
 * The one home of the SPA's time and date texts (issue 34): the clock of a moment in a recording (spec §9 time
 * display) and the dates the screens show, all in the browser's locale.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds → `m:ss`, or `H:mm:ss` from an hour on (whole seconds, rounded down; negatives count as 0): 75 → "1:15". */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(total % 60)}` : `${m}:${pad(total % 60)}`;
}

/** A range of a recording: "1:15 – 2:03". */
export function formatClockRange(start: number, end: number): string {
  return `${formatClock(start)} – ${formatClock(end)}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const longDateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const parsed = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** An ISO time's date ("Mar 2, 2026"), or undefined when there is none or it is unreadable. */
export function formatDate(iso: string | null | undefined): string | undefined {
  const time = parsed(iso);
  return Number.isNaN(time) ? undefined : dateFormat.format(time);
}

/** An ISO time's date and time ("Mar 2, 2026, 10:00 AM"), or undefined when there is none or it is unreadable. */
export function formatDateTime(iso: string | null | undefined): string | undefined {
  const time = parsed(iso);
  return Number.isNaN(time) ? undefined : dateTimeFormat.format(time);
}

/** A Unix time in seconds as a long date ("March 2, 2026"): billing periods. */
export function formatLongDate(unixSeconds: number): string {
  return longDateFormat.format(unixSeconds * 1000);
}

/** A calendar day (`YYYY-MM-DD`, no time zone) as "Mon, 2 Mar": the same day wherever the browser is. */
export function formatDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayFormat.format(time);
}

const timeOfDayFormat = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

/** The time of day, hours and minutes ("09:41"): the room's clock. */
export function formatTimeOfDay(date: Date): string {
  return timeOfDayFormat.format(date);
}
