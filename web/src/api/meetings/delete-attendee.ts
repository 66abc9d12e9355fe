/** PUT /api/meetings/delete_attendee/ {meeting_id, attendee_email} → {meeting_data}. */
import { deleteAttendeeRequest, type DeleteAttendeeAnswer, type MeetingView } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

export const deleteAttendeeInput = deleteAttendeeRequest;

/** Removes the address's access; resolves to the meeting as it is now; throws ApiError. */
export async function deleteAttendee(meetingId: string, email: string): Promise<MeetingView> {
  const answer = await apiRequest<DeleteAttendeeAnswer>('/api/meetings/delete_attendee/', {
    method: 'PUT',
    json: { meeting_id: meetingId, attendee_email: email },
  });
  return answer.meeting_data;
}
