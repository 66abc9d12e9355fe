/** POST /api/meetings/{id}/regenerate_notes/ — host only: drafts the notes again with the current speaker names. */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { NotesResponse } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';
import { notesKey } from './get-notes.js';

/** Answers the new notes. Throws ApiError (403 for a participant, 409 without a transcript). */
export function regenerateNotes(meetingId: string): Promise<NotesResponse> {
  return apiRequest<NotesResponse>(`/api/meetings/${encodeURIComponent(meetingId)}/regenerate_notes/`, { method: 'POST' });
}

/** Regenerates the meeting's notes and puts the answer into the cached notes. The call throws ApiError. */
export function useRegenerateNotes(meetingId: string): () => Promise<NotesResponse> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const notes = await regenerateNotes(meetingId);
    await mutate(notesKey(meetingId), notes, { revalidate: false });
    return notes;
  }, [meetingId, mutate]);
}
