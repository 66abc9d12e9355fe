/** POST /api/meetings/attendees/ {meeting_ids, attendees:[{email}], message_string} (host of every meeting). */
import { shareMeetingsRequest, type ShareAnswer } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

export const shareMeetingsInput = shareMeetingsRequest;

/** Gives the addresses read access and mails them; throws ApiError. */
export function shareMeetings(meetingIds: string[], emails: string[], message: string): Promise<ShareAnswer> {
  return apiRequest<ShareAnswer>('/api/meetings/attendees/', {
    method: 'POST',
    json: { meeting_ids: meetingIds, attendees: emails.map((email) => ({ email })), message_string: message },
  });
}

/**
 * The live room's variant (spec §7): the host gives a guest who joined read access to the meeting, by name and
 * e-mail. The host's call, so a guest cannot grant access to anyone by joining. Throws ApiError.
 */
export function shareWithRoomGuest(meetingId: string, guest: { email: string; name: string }): Promise<ShareAnswer> {
  return apiRequest<ShareAnswer>('/api/meetings/attendees/', {
    method: 'POST',
    json: { meeting_ids: [meetingId], attendees: [{ email: guest.email, name: guest.name }], message_string: '' },
  });
}
