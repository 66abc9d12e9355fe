/** GET /api/meetings/{id}/video/ — a time-limited link to the recording. */
import type { RecordingUrl } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

/** Fetches the recording link; throws ApiError (404 when there is no recording). */
export function getRecording(meetingId: string): Promise<RecordingUrl> {
  return apiRequest<RecordingUrl>(`/api/meetings/${encodeURIComponent(meetingId)}/video/`);
}
