/** PUT /api/meetings/{id}/ — name, recording_available, start_time, end_time (host only). */
import type { MeetingView } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

export interface MeetingChanges {
  name?: string;
  recording_available?: boolean;
  start_time?: string;
  end_time?: string | null;
}

/** Saves the changes; resolves to the updated meeting; throws ApiError. */
export function updateMeeting(meetingId: string, changes: MeetingChanges): Promise<MeetingView> {
  return apiRequest<MeetingView>(`/api/meetings/${encodeURIComponent(meetingId)}/`, { method: 'PUT', json: changes });
}
