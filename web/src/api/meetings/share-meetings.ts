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
 * The live room's variant (spec §7): after the room, the host gives the guests it confirmed read access to the
 * meeting, by name and e-mail, in one call. The host's call after the host's confirmation, so a guest cannot grant
 * access to anyone by joining (issue 28). Throws ApiError.
 */
export function shareWithRoomGuests(meetingId: string, guests: readonly { email: string; name: string }[]): Promise<ShareAnswer> {
  return apiRequest<ShareAnswer>('/api/meetings/attendees/', {
    method: 'POST',
    json: { meeting_ids: [meetingId], attendees: guests.map((g) => ({ email: g.email, name: g.name })), message_string: '' },
  });
}
