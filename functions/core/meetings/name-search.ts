import type { NameSearchHit } from '../../contracts/meetings.js';
import type { Caller } from './access.js';
import { visibleMeetings } from './list-meetings.js';
import type { MeetingRecord, MeetingsRepository } from './model.js';

const words = (text: string): string[] => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);

/**
 * Matches a meeting name against a query by word prefix, case-insensitively: every query word must
 * start some word of the name. Returns the matched name words (as written, no repeats), or undefined.
 */
export function matchName(name: string, query: string): string[] | undefined {
  const queryWords = words(query.toLowerCase());
  if (queryWords.length === 0) return undefined;
  const nameWords = words(name);
  const matched = new Set<string>();
  for (const q of queryWords) {
    const hits = nameWords.filter((w) => w.toLowerCase().startsWith(q));
    if (hits.length === 0) return undefined;
    hits.forEach((w) => matched.add(w));
  }
  return [...matched];
}

/** The caller's visible meetings whose names match the query, newest first, in the spec's hit shape. */
export async function searchMeetingNames(
  meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'>, caller: Caller, query: string,
): Promise<NameSearchHit[]> {
  const entries = await visibleMeetings(meetings, caller);
  const byId = new Map<string, MeetingRecord>((await meetings.findMeetings(entries.map((e) => e.meetingId))).map((m) => [m.id, m]));
  const hits: NameSearchHit[] = [];
  for (const entry of entries) {
    const meeting = byId.get(entry.meetingId);
    const matches = meeting && matchName(meeting.name, query);
    if (!meeting || !matches) continue;
    hits.push({ meeting_name: meeting.name, meeting_id: meeting.id, image_path: null, thumbnail_path: null, scale: null, timestamp: null, matches });
  }
  return hits;
}
