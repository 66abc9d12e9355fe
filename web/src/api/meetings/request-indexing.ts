/** GET /api/meetings/{id}/index_meeting_request/ — starts processing of the uploaded recording. */
import type { IndexRequestAnswer } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

/** Requests indexing; throws ApiError (400 when nothing was uploaded). */
export function requestIndexing(meetingId: string): Promise<IndexRequestAnswer> {
  return apiRequest<IndexRequestAnswer>(`/api/meetings/${encodeURIComponent(meetingId)}/index_meeting_request/`);
}
