/** Date and time of a meeting's start for the list, in the browser's locale. */
const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The start date and time, or '—' when the meeting has none or it is unreadable. */
export function formatStart(startTime: string | null): string {
  const time = startTime ? Date.parse(startTime) : Number.NaN;
  return Number.isNaN(time) ? '—' : formatter.format(time);
}
