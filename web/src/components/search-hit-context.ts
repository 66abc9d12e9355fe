/** What a search hit says about where it was found: the meeting's date, and where the query matched (issue 35). */
import { formatClock } from '../lib/time.js';

/** "In the name", "In slide text at 3:12", "In the name and slide text at 3:12". */
export function matchedWhere(matchedIn: ReadonlyArray<'name' | 'slide_text'> | undefined, timestamp: number | null): string {
  const where = [
    ...(matchedIn?.includes('name') ? ['the name'] : []),
    ...(matchedIn?.includes('slide_text') ? [`slide text${timestamp !== null ? ` at ${formatClock(timestamp)}` : ''}`] : []),
  ];
  return where.length === 0 ? 'In the name' : `In ${where.join(' and ')}`;
}

/** The caption line of a hit: date and where, joined by a middle dot (either may be missing). */
export function hitCaption(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}
