import type { AttendeeView, MeetingView } from '../../contracts/meetings.js';
import { toProcessingView } from '../pipeline/processing-status.js';
import { isSampleMeeting } from './access.js';
import type { AttendeeRecord, MeetingAggregate } from './model.js';

const attendeeView = (a: AttendeeRecord): AttendeeView =>
  ({ id: a.id, name: a.name, role: a.role, email: a.email, emails: { id: a.id, email: a.email } });

/** The Meeting entity of spec §3 as the API returns it; hosts are listed first among the attendees. */
export function toMeetingView({ meeting, attendees }: MeetingAggregate): MeetingView {
  const ordered = [...attendees].sort((a, b) => (a.role === b.role ? a.email.localeCompare(b.email) : a.role === 'host' ? -1 : 1));
  const views = ordered.map(attendeeView);
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
