import type { MeetingsPage } from '../../contracts/meetings.js';
import { NotFound } from '../errors.js';
import { SAMPLE_MEETING_IDS, type Caller } from './access.js';
import type { AccessEntry, MeetingAggregate, MeetingsRepository } from './model.js';
import { toMeetingView } from './view.js';

const newestFirst = (a: AccessEntry, b: AccessEntry) =>
  a.createdAt === b.createdAt ? b.meetingId.localeCompare(a.meetingId) : b.createdAt.localeCompare(a.createdAt);

/**
 * Every meeting the caller can see, newest first: the access index entries of their e-mail (host or
 * shared) plus the seeded sample meetings. One key query and one batch get; bounded by the user's meetings.
 */
export async function visibleMeetings(meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'>, caller: Caller): Promise<AccessEntry[]> {
  const [entries, samples] = await Promise.all([
    meetings.listAccess(caller.email.toLowerCase()),
    meetings.findMeetings(SAMPLE_MEETING_IDS),
  ]);
  const seen = new Set(entries.map((e) => e.meetingId));
  const extra = samples.filter((s) => !seen.has(s.id)).map((s) => ({ meetingId: s.id, createdAt: s.createdAt }));
  return [...entries, ...extra].sort(newestFirst);
}

export interface ListRequest { readonly page: number; readonly pageSize: number; readonly meetingId?: string }

/**
 * One page of the caller's meetings with the total count; `meetingId` narrows the list to that meeting.
 * A page past the end is empty. Throws NotFound when `meetingId` is not visible to the caller.
 */
export async function listMeetings(
  meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings' | 'find'>, caller: Caller, request: ListRequest,
): Promise<MeetingsPage> {
  let entries = await visibleMeetings(meetings, caller);
  if (request.meetingId !== undefined) {
    entries = entries.filter((e) => e.meetingId === request.meetingId);
    if (entries.length === 0) throw new NotFound('Meeting not found.');
  }
  const start = (request.page - 1) * request.pageSize;
  const page = entries.slice(start, start + request.pageSize);
  const loaded = await Promise.all(page.map((e) => meetings.find(e.meetingId)));
  return {
    count: entries.length,
    results: loaded.filter((a): a is MeetingAggregate => a !== undefined).map(toMeetingView),
  };
}
