/** POST /api/meetings/{id}/regenerate_notes/ — host only: drafts the notes again with the current speaker names. */
import type { NotesResponse } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';

/** Answers the new notes. Throws ApiError (403 for a participant, 409 without a transcript). */
export function regenerateNotes(meetingId: string): Promise<NotesResponse> {
  return apiRequest<NotesResponse>(`/api/meetings/${encodeURIComponent(meetingId)}/regenerate_notes/`, { method: 'POST' });
}
