/** POST /api/meetings/ {name} — creates a meeting hosted by the caller. */
import type { MeetingView } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

/** Creates the meeting; throws ApiError. */
export function createMeeting(name: string): Promise<MeetingView> {
  return apiRequest<MeetingView>('/api/meetings/', { method: 'POST', json: { name } });
}
