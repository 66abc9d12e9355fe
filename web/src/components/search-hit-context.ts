/** What a search hit says about where it was found: the meeting's date, and where the query matched (issue 35). */

/** m:ss, or H:mm:ss from an hour on (spec §9 time display). */
function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

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
    ...(matchedIn?.includes('slide_text') ? [`slide text${timestamp !== null ? ` at ${clock(timestamp)}` : ''}`] : []),
  ];
  return where.length === 0 ? 'In the name' : `In ${where.join(' and ')}`;
}

/** The caption line of a hit: date and where, joined by a middle dot (either may be missing). */
export function hitCaption(...parts: Array<string | undefined>): string {
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}
