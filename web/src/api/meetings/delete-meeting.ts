/** DELETE /api/meetings/{id}/ (host only). */
import { apiRequest } from '../api-client.js';

/** Deletes the meeting with its recording; throws ApiError. */
export async function deleteMeeting(meetingId: string): Promise<void> {
  await apiRequest(`/api/meetings/${encodeURIComponent(meetingId)}/`, { method: 'DELETE' });
}
