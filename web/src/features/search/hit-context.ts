/** What a search hit says about where it was found: the meeting's date, and where the query matched (issue 35). */
import { formatTimestamp } from './highlight.js';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The meeting's date in the browser's locale, or undefined when it has none or it is unreadable. */
export function meetingDate(startTime: string | null | undefined): string | undefined {
  const time = startTime ? Date.parse(startTime) : Number.NaN;
  return Number.isNaN(time) ? undefined : dateFormat.format(time);
}

/** "In the name", "In slide text at 3:12", "In the name and slide text at 3:12". */
export function matchedWhere(matchedIn: ReadonlyArray<'name' | 'slide_text'> | undefined, timestamp: number | null): string {
  const where = [
    ...(matchedIn?.includes('name') ? ['the name'] : []),
    ...(matchedIn?.includes('slide_text') ? [`slide text${timestamp !== null ? ` at ${formatTimestamp(timestamp)}` : ''}`] : []),
  ];
  return where.length === 0 ? 'In the name' : `In ${where.join(' and ')}`;
}

/** The caption line of a hit: date and where, joined by a middle dot (either may be missing). */
export function hitCaption(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}
