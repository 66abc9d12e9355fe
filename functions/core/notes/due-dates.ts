/** When a task is due, as said: "by Friday" → "Friday", "before the end of the month" → "end of the month". */
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const ORDINALS = 'first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|' +
  'sixteenth|seventeenth|eighteenth|nineteenth|twentieth|twenty-\\w+|thirtieth|thirty-first|\\d{1,2}(?:st|nd|rd|th)?';
const PART_OF_DAY = '(?:\\s+(?:morning|afternoon|evening|night|noon))?';
const WHEN = [
  `(?:next|this|coming)\\s+(?:${WEEKDAYS}|week|month|quarter|sprint)`,
  `(?:${WEEKDAYS})${PART_OF_DAY}`,
  `tomorrow${PART_OF_DAY}`, 'tonight', 'today', 'this (?:morning|afternoon|evening|week)',
  '(?:the\\s+)?end of (?:the\\s+|this\\s+|next\\s+)?(?:day|week|month|quarter|year|sprint)', 'eod', 'eow',
  `(?:the\\s+)?(?:${ORDINALS})\\s+of\\s+(?:${MONTHS})`, `(?:${MONTHS})\\s+(?:the\\s+)?(?:${ORDINALS})`,
  `(?:the\\s+)?(?:last|first)\\s+(?:week|weekend|day)\\s+of\\s+(?:${MONTHS}|the month)`,
  '(?:\\d{1,2}(?::\\d{2})?\\s*(?:am|pm|a\\.m\\.|p\\.m\\.)|noon|midnight)',
].join('|');
const DUE = new RegExp(`\\b(?:(by|before|until|till|on|no later than|due|due on)\\s+)?(${WHEN})\\b`, 'gi');
/** A date after these words is when something happens or starts, not when it is due. */
const NOT_DUE_BEFORE = /\b(?:for|from|since|after|in|during|starting|last|every|of|about)\s+$/i;
/** "by the fifteenth": a day of the month named with a deadline word only (not "the first item"). */
const DAY_OF_MONTH = new RegExp(`\\b(?:by|before|no later than|due(?:\\s+on)?)\\s+the\\s+(${ORDINALS})\\b`, 'i');
const ASAP = /\b(?:asap|as soon as possible|right away|straight away)\b/i;

/** The due date said in a sentence, without its preposition; null when none is. */
export function dueOf(text: string): string | null {
  const matches = [...text.matchAll(DUE)].filter((m) => m[1] || !NOT_DUE_BEFORE.test(text.slice(0, m.index)));
  // "by the end of the week" wins over a date said without a deadline word.
  const match = matches.find((m) => m[1] && m[1].toLowerCase() !== 'on') ?? matches[0];
  if (match) return match[2]!.replace(/^the\s+/i, '').replace(/\s+/g, ' ');
  const day = DAY_OF_MONTH.exec(text);
  if (day) return `the ${day[1]!.toLowerCase()}`;
  const soon = ASAP.exec(text);
  return soon ? soon[0].toLowerCase() : null;
}

/** `task` without the due date said in it ("send the deck by Friday" less "Friday"), to count what else it names. */
export function withoutDue(task: string, due: string | null): string {
  return due ? task.replace(due, ' ') : task;
}
