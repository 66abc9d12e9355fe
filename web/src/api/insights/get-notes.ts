/** GET /api/meetings/{id}/generated_notes/ — the generated notes (404 while they are being generated). */
import useSWR from 'swr';
import type { NotesResponse } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';

export const notesKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/generated_notes/`;

/** Fetches the notes; throws ApiError (status 404 while they are being generated). */
export function getNotes(meetingId: string): Promise<NotesResponse> {
  return apiRequest<NotesResponse>(notesKey(meetingId));
}

export function useNotes(meetingId: string) {
  return useSWR(notesKey(meetingId), () => getNotes(meetingId), { revalidateOnFocus: false, shouldRetryOnError: false });
}
