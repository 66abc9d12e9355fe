/**
 * The spoken due text of an action item ("Friday", "end of the month", "next week") read as a calendar date,
 * relative to the day of the meeting (docs/insights.md, "Action items ledger"). Only clear phrases give a date;
 * "after the launch", "this sprint" or "asap" give none, and the host picks one.
 */
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth',
  'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];
const DAY = 86_400_000;

/** A date as YYYY-MM-DD (UTC). */
export type IsoDate = string;

const iso = (t: number): IsoDate => new Date(t).toISOString().slice(0, 10);
const utcDay = (y: number, m: number, d: number) => Date.UTC(y, m, d);
/** Monday-based day of the week: 0 = Monday … 6 = Sunday. */
const mondayIndex = (t: number) => (new Date(t).getUTCDay() + 6) % 7;

/** "fifteenth" → 15, "twenty-first" → 21, "3rd" → 3; undefined when it is not a day of the month. */
export function ordinalDay(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\s+/g, '-');
  const digits = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(w);
  const n = digits ? Number(digits[1])
    : ORDINAL_WORDS.indexOf(w) >= 0 ? ORDINAL_WORDS.indexOf(w) + 1
      : w === 'thirtieth' ? 30 : w === 'thirty-first' ? 31
        : /^twenty-(\w+)$/.test(w) ? 20 + (ORDINAL_WORDS.indexOf(w.slice(7)) + 1 || -100) : undefined;
  return n !== undefined && n >= 1 && n <= 31 ? n : undefined;
}

function endOf(unit: string, y: number, m: number, start: number): number | undefined {
  if (unit === 'day') return start;
  if (unit === 'week') return start + (4 - mondayIndex(start)) * DAY; // Friday of that week
  if (unit === 'month') return utcDay(y, m + 1, 0);
  if (unit === 'quarter') return utcDay(y, Math.floor(m / 3) * 3 + 3, 0);
  if (unit === 'year') return utcDay(y, 11, 31);
  return undefined;
}

/** The first date on or after `from` that is `day` of a month (that month, else the next one that has the day). */
function nextDayOfMonth(from: number, day: number, month?: number): number | undefined {
  const d = new Date(from);
  for (let i = 0; i < 24; i++) {
    const y = d.getUTCFullYear() + Math.floor((d.getUTCMonth() + i) / 12);
    const m = (d.getUTCMonth() + i) % 12;
    if (month !== undefined && m !== month) continue;
    const t = utcDay(y, m, day);
    if (new Date(t).getUTCDate() === day && t >= from) return t;
  }
  return undefined;
}

/**
 * The date `due` names, said at a meeting on `meetingDate` (ISO date or time); null when the text names no clear date.
 * A bare weekday is its next occurrence after the meeting day; "next Friday" is the Friday of the following week;
 * "next week" its Monday; "end of the week" that week's Friday; "end of the month" its last day.
 */
export function parseDueDate(due: string | null | undefined, meetingDate: string): IsoDate | null {
  const start = Date.parse(meetingDate.slice(0, 10));
  if (!due || Number.isNaN(start)) return null;
  const text = due.toLowerCase().replace(/[.,!?]/g, ' ').replace(/\b(?:by|before|until|till|on|no later than|due)\s+/g, ' ')
    .replace(/\s+/g, ' ').trim().replace(/^the /, '');
  const d = new Date(start);
  const [y, m] = [d.getUTCFullYear(), d.getUTCMonth()];
  const nextMonday = start + (7 - mondayIndex(start)) * DAY;

  if (/^(?:today|tonight|eod|this (?:morning|afternoon|evening)|\d{1,2}(?::\d{2})? ?(?:am|pm|a m|p m)|noon|midnight)$/.test(text)) return iso(start);
  if (/^tomorrow(?: (?:morning|afternoon|evening|night|noon))?$/.test(text)) return iso(start + DAY);
  if (/^(?:eow|this week)$/.test(text)) return iso(Math.max(start, endOf('week', y, m, start)!));
  if (text === 'next week') return iso(nextMonday);
  if (text === 'this month') return iso(endOf('month', y, m, start)!);
  if (text === 'next month') return iso(utcDay(y, m + 1, 1));

  const end = /^end of (?:the |this |next )?(day|week|month|quarter|year)$/.exec(text);
  if (end) {
    const unit = end[1]!;
    if (!text.includes(' next ')) return iso(Math.max(start, endOf(unit, y, m, start)!));
    if (unit === 'week') return iso(endOf('week', y, m, nextMonday)!);
    if (unit === 'month') return iso(utcDay(y, m + 2, 0));
    if (unit === 'quarter') return iso(utcDay(y, Math.floor(m / 3) * 3 + 6, 0));
    if (unit === 'year') return iso(utcDay(y + 1, 11, 31));
    return iso(start + DAY);
  }

  const weekday = /^(?:(next|this|coming) )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: (?:morning|afternoon|evening|night|noon))?$/.exec(
    text);
  if (weekday) {
    const target = (WEEKDAYS.indexOf(weekday[2]!) + 6) % 7;
    if (weekday[1] === 'next') return iso(nextMonday + target * DAY);
    const ahead = (target - mondayIndex(start) + 7) % 7 || 7;
    return iso(start + ahead * DAY);
  }

  const dayOfMonth = new RegExp(`^(?:the )?([\\w-]+) of (${MONTHS.join('|')})$`).exec(text);
  const monthDay = new RegExp(`^(${MONTHS.join('|')}) (?:the )?([\\w-]+)$`).exec(text);
  if (dayOfMonth || monthDay) {
    const [dayWord, monthWord] = dayOfMonth ? [dayOfMonth[1]!, dayOfMonth[2]!] : [monthDay![2]!, monthDay![1]!];
    const day = ordinalDay(dayWord);
    const t = day === undefined ? undefined : nextDayOfMonth(start, day, MONTHS.indexOf(monthWord));
    return t === undefined ? null : iso(t);
  }
  const dayOnly = /^([\w-]+)$/.exec(text);
  const day = dayOnly ? ordinalDay(dayOnly[1]!) : undefined;
  if (day !== undefined && !/^\d+$/.test(text)) {
    const t = nextDayOfMonth(start, day);
    return t === undefined ? null : iso(t);
  }
  return null;
}
