const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));

/**
 * The subset of Todoist's natural-language `due_string` the local server understands: today, tomorrow,
 * (next) weekday names, "end of (the) week", "next week", ISO dates and "<month> <day>". Returns the
 * calendar date (UTC), or undefined when the text is not understood (the real service then answers 400 too).
 */
export function parseDueString(text: string, now: Date = new Date()): string | undefined {
  const s = text.trim().toLowerCase().replace(/^(by|on|due)\s+/, '').replace(/[.!]$/, '');
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (s === 'today' || s === 'tonight' || s === 'end of day' || s === 'eod') return isoDate(today);
  if (s === 'tomorrow') return isoDate(addDays(today, 1));
  if (s === 'next week') return isoDate(addDays(today, ((8 - today.getUTCDay()) % 7) || 7));
  if (/^end of (the )?week$/.test(s)) return isoDate(addDays(today, (5 - today.getUTCDay() + 7) % 7));
  const weekday = /^(next |this )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/.exec(s);
  if (weekday) {
    const target = WEEKDAYS.indexOf(weekday[2]!);
    // "friday" and "next friday" both mean the coming Friday, never today.
    return isoDate(addDays(today, (target - today.getUTCDay() + 7) % 7 || 7));
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) {
    const date = new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])));
    return Number.isNaN(date.getTime()) || isoDate(date) !== s ? undefined : s;
  }
  const monthDay = /^(january|february|march|april|may|june|july|august|september|october|november|december) (\d{1,2})(st|nd|rd|th)?$/.exec(s);
  if (monthDay) {
    const month = MONTHS.indexOf(monthDay[1]!);
    const day = Number(monthDay[2]);
    let date = new Date(Date.UTC(today.getUTCFullYear(), month, day));
    if (date.getUTCMonth() !== month) return undefined;
    if (date < today) date = new Date(Date.UTC(today.getUTCFullYear() + 1, month, day));
    return isoDate(date);
  }
  return undefined;
}
