import type { AttendeeView, MeetingView } from '../../contracts/meetings.js';
import { toProcessingView } from '../pipeline/processing-status.js';
import { accessOf, isSampleMeeting, type Caller } from './access.js';
import type { AccountNames, AttendeeRecord, MeetingAggregate } from './model.js';

const attendeeView = (a: AttendeeRecord, accountNames?: ReadonlyMap<string, string>): AttendeeView => ({
  id: a.id, name: a.name, role: a.role, email: a.email, emails: { id: a.id, email: a.email },
  ...(accountNames ? { account_name: accountNames.get(a.email) ?? null } : {}),
});

/**
 * The Meeting entity of spec §3 as the API returns it; hosts are listed first among the attendees. With
 * `accountNames` (the host's views: withAccountNames), each attendee also carries `account_name`.
 */
export function toMeetingView({ meeting, attendees }: MeetingAggregate, accountNames?: ReadonlyMap<string, string>): MeetingView {
  const ordered = [...attendees].sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === 'host' ? -1 : 1));
  const views = ordered.map((a) => attendeeView(a, accountNames));
  const processing = toProcessingView(meeting.processing);
  return {
    id: meeting.id,
    name: meeting.name,
    start_time: meeting.startTime,
    end_time: meeting.endTime,
    attendee_count: views.length,
    boards_shared: meeting.boardsShared,
    recording_available: meeting.recordingAvailable,
    attendees: views,
    hosts: views.filter((a) => a.role === 'host'),
    is_sample: isSampleMeeting(meeting.id),
    ...(processing ? { processing } : {}),
  };
}

/**
 * The views of `aggregates` for `caller`, the attendees of the meetings they host named after their accounts (the
 * share list shows "Ada Lovelace ada@example.com" rather than "ada"); one lookup for all of them. Without `people`,
 * or when the lookup fails, the plain views (the names are a nicety, not worth failing the list for).
 */
export async function withAccountNames(
  aggregates: readonly MeetingAggregate[], caller: Caller, people?: AccountNames,
): Promise<MeetingView[]> {
  const hosted = (a: MeetingAggregate) => !isSampleMeeting(a.meeting.id) && accessOf(a, caller) === 'host';
  const emails = [...new Set(aggregates.filter(hosted).flatMap((a) => a.attendees.map((attendee) => attendee.email)))];
  const names = people && emails.length > 0 ? await people.namesByEmail(emails).catch(() => undefined) : undefined;
  return aggregates.map((a) => toMeetingView(a, names && hosted(a) ? names : undefined));
}
