/** POST /api/notes/{notesId}/store_action_items_in_t/ {actionItemNumbers} — host only: one Todoist task per chosen item. */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ActionItemView, NotesResponse } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';
import { notesKey } from './get-notes.js';

/** Answers the notes' action items with `stored_in_todoist` set. Throws ApiError (400 with what to do, 403, 503). */
export function storeActionItemsInTodoist(notesId: string, actionItemNumbers: number[]): Promise<{ action_items: ActionItemView[] }> {
  return apiRequest(`/api/notes/${encodeURIComponent(notesId)}/store_action_items_in_t/`, { method: 'POST', json: { actionItemNumbers } });
}

/**
 * Stores the chosen items of the meeting's notes in Todoist. On success the cached notes take the answered items; on a
 * failure they are read again (some items may have been stored before it) and the ApiError is thrown.
 */
export function useStoreActionItemsInTodoist(meetingId: string): (notes: NotesResponse, numbers: number[]) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (notes, numbers) => {
    let answer: { action_items: ActionItemView[] };
    try {
      answer = await storeActionItemsInTodoist(notes.notes_id, numbers);
    } catch (failure) {
      await mutate(notesKey(meetingId));
      throw failure;
    }
    await mutate(notesKey(meetingId), { ...notes, action_items: answer.action_items }, { revalidate: false });
  }, [meetingId, mutate]);
}
