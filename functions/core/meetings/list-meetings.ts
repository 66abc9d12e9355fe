import type { MeetingsPage } from '../../contracts/meetings.js';
import { NotFound } from '../errors.js';
import { SAMPLE_MEETING_IDS, type Caller } from './access.js';
import type { AccessEntry, AccountNames, MeetingAggregate, MeetingRecord, MeetingsRepository } from './model.js';
import { withAccountNames } from './view.js';

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
  return withSamples(entries, samples);
}

/** The caller's access entries with the sample meetings they do not already hold, newest first. */
function withSamples(entries: readonly AccessEntry[], samples: readonly Pick<MeetingRecord, 'id' | 'createdAt'>[]): AccessEntry[] {
  const seen = new Set(entries.map((e) => e.meetingId));
  const extra = samples.filter((s) => !seen.has(s.id)).map((s) => ({ meetingId: s.id, createdAt: s.createdAt }));
  return [...entries, ...extra].sort(newestFirst);
}

export interface ListRequest { readonly page: number; readonly pageSize: number; readonly meetingId?: string }

/**
 * One page of the caller's meetings with the total count; `meetingId` narrows the list to that meeting.
 * A page past the end is empty. Throws NotFound when `meetingId` is not visible to the caller.
 *
 * Two reads (issue #19): the caller's access entries, then one `findMany` of the sample meetings together with
 * the entries that can land on the page. The samples merge into the access entries by creation time, so an
 * entry at position i of the caller's own list is at position i..i+samples of the merged one: entries
 * [start - samples, start + pageSize) cover the page.
 */
export async function listMeetings(
  meetings: Pick<MeetingsRepository, 'listAccess' | 'findMany'>, caller: Caller, request: ListRequest, people?: AccountNames,
): Promise<MeetingsPage> {
  let own = await meetings.listAccess(caller.email.toLowerCase());
  if (request.meetingId !== undefined) own = own.filter((e) => e.meetingId === request.meetingId);
  const start = (request.page - 1) * request.pageSize;
  const candidates = own.slice(Math.max(0, start - SAMPLE_MEETING_IDS.length), start + request.pageSize).map((e) => e.meetingId);
  const samples = request.meetingId === undefined ? SAMPLE_MEETING_IDS : SAMPLE_MEETING_IDS.filter((id) => id === request.meetingId);
  const loaded = new Map((await meetings.findMany([...candidates, ...samples])).map((a) => [a.meeting.id, a]));
  const entries = withSamples(own, samples.flatMap((id) => loaded.get(id)?.meeting ?? []));
  if (request.meetingId !== undefined && entries.length === 0) throw new NotFound('Meeting not found.');
  const page = entries.slice(start, start + request.pageSize);
  const shown = page.map((e) => loaded.get(e.meetingId)).filter((a): a is MeetingAggregate => a !== undefined);
  return { count: entries.length, results: await withAccountNames(shown, caller, people) };
}
