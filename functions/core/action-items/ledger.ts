/**
 * `GET action_items/`: the action items of every meeting the caller can read (spec §6: the meetings shared with their
 * e-mail, their own, the samples), filtered and paged. One access query, then one batch read of the meetings and one
 * of their notes (in parallel), whatever the number of meetings (docs/insights.md, "Action items ledger").
 */
import { ACTION_ITEMS_PAGE_SIZE, type ActionItemRow, type ActionItemsPage, type DueFilter, type ListActionItemsQuery } from '../../contracts/action-items.js';
import { isSampleMeeting, type Caller } from '../meetings/access.js';
import { visibleMeetings } from '../meetings/list-meetings.js';
import type { MeetingRecord } from '../meetings/model.js';
import type { ActionItem } from '../notes/model.js';
import { actionItemsWithCurrentNames } from '../speakers/named-reads.js';
import { parseDueDate } from './due-date.js';
import type { LedgerDeps, MeetingActionItems } from './model.js';
import { isOwnedBy, namesOf, normaliseName } from './owners.js';

const DAY = 86_400_000;

/** The ledger row of an item of `meeting`, as `caller` sees it. */
export function toRow(meeting: MeetingRecord, item: ActionItem, caller: Caller, callerNames: readonly string[]): ActionItemRow {
  const meetingDate = meeting.startTime ?? meeting.createdAt;
  const host = !isSampleMeeting(meeting.id) && meeting.hostUserId === caller.userId;
  return {
    id: item.id, meeting_id: meeting.id, meeting_name: meeting.name, meeting_date: meetingDate, number: item.number,
    content: item.content, owner: item.owner ?? null, due: item.due ?? null,
    due_date: item.due_date !== undefined ? item.due_date : parseDueDate(item.due, meetingDate),
    status: item.status ?? 'open', timestamp_range: item.timestamp_range, stored_in_todoist: item.stored_in_todoist,
    can_edit: host, can_toggle: host || (!isSampleMeeting(meeting.id) && isOwnedBy(item.owner, callerNames)),
  };
}

/** Which due bucket a row falls in on `today` (YYYY-MM-DD); a done item past its date is in none of them. */
export function dueBucket(row: Pick<ActionItemRow, 'due_date' | 'status'>, today: string): DueFilter | undefined {
  if (!row.due_date) return 'none';
  if (row.due_date < today) return row.status === 'open' ? 'overdue' : undefined;
  const t = Date.parse(today);
  const sunday = new Date(t + (6 - ((new Date(t).getUTCDay() + 6) % 7)) * DAY).toISOString().slice(0, 10);
  return row.due_date <= sunday ? 'this_week' : 'later';
}

function matchesOwner(row: ActionItemRow, owner: string | undefined, callerNames: readonly string[]): boolean {
  if (!owner) return true;
  if (owner === 'me') return isOwnedBy(row.owner, callerNames);
  if (owner === 'unassigned') return !row.owner;
  return row.owner !== null && normaliseName(row.owner) === normaliseName(owner);
}

/** Undated last; then by date; then newest meeting first; then in meeting order. */
const byDue = (a: ActionItemRow, b: ActionItemRow) =>
  (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || b.meeting_date.localeCompare(a.meeting_date)
  || a.meeting_id.localeCompare(b.meeting_id) || a.number - b.number;

/** Every item of the caller's readable meetings as rows, with the caller's names. */
export async function readableRows(
  d: LedgerDeps, caller: Caller, onlyMeeting?: string,
): Promise<{ rows: ActionItemRow[]; names: string[]; meetings: MeetingRecord[] }> {
  let entries = await visibleMeetings(d.meetings, caller);
  if (onlyMeeting !== undefined) entries = entries.filter((e) => e.meetingId === onlyMeeting);
  const ids = entries.map((e) => e.meetingId);
  const [meetings, notes, displayName, speakerNames] = await Promise.all([
    ids.length ? d.meetings.findMeetings(ids) : Promise.resolve([]),
    ids.length ? d.items.loadMany(ids, caller.userId) : Promise.resolve([] as MeetingActionItems[]),
    d.people.displayName(caller.userId),
    ids.length && d.speakerNames ? d.speakerNames(ids) : Promise.resolve(undefined),
  ]);
  const names = namesOf(displayName, caller.email);
  const byId = new Map(meetings.map((m) => [m.id, m]));
  const rows = notes.flatMap((n) => {
    const meeting = byId.get(n.meetingId);
    const current = speakerNames?.get(n.meetingId);
    const items = current ? actionItemsWithCurrentNames(n.items, n.speakerNames, current) : n.items;
    return meeting ? items.map((item) => toRow(meeting, item, caller, names)) : [];
  });
  // The caller's own meetings read by key (notes from before the index, or rewritten by a regenerate) join their index.
  const unindexed = notes.filter((n) => !n.indexed && byId.get(n.meetingId)?.hostUserId === caller.userId).map((n) => n.meetingId);
  if (unindexed.length > 0) await d.items.index(unindexed, caller.userId);
  const order = new Map(ids.map((id, i) => [id, i]));
  const withItems = meetings.filter((m) => notes.some((n) => n.meetingId === m.id && n.items.length > 0));
  return { rows, names, meetings: withItems.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
}

/** One page (ACTION_ITEMS_PAGE_SIZE rows) of the caller's items after the filters; a page past the end is empty. */
export async function listActionItems(d: LedgerDeps, caller: Caller, query: ListActionItemsQuery): Promise<ActionItemsPage> {
  const { rows, names, meetings } = await readableRows(d, caller);
  const today = new Date(d.clock()).toISOString().slice(0, 10);
  const filtered = rows.filter((row) => (!query.meeting_id || row.meeting_id === query.meeting_id)
    && (!query.status || row.status === query.status)
    && (!query.due || dueBucket(row, today) === query.due)
    && matchesOwner(row, query.owner, names)).sort(byDue);
  const start = (query.page - 1) * ACTION_ITEMS_PAGE_SIZE;
  const owners = [...new Map(rows.flatMap((r) => (r.owner ? [[normaliseName(r.owner), r.owner] as const] : []))).values()]
    .sort((a, b) => a.localeCompare(b));
  return {
    count: filtered.length,
    results: filtered.slice(start, start + ACTION_ITEMS_PAGE_SIZE),
    owners,
    meetings: meetings.map((m) => ({ id: m.id, name: m.name })),
  };
}
