/** PATCH /api/action_items/{id}/ (host edits; a participant marks their own done/open) and DELETE (host). */
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { updateActionItemRequest, type ActionItemChange, type ActionItemRow } from '@contracts/action-items.js';
import { apiRequest } from '../api-client.js';
import { notesKey } from '../insights/get-notes.js';
import { isActionItemsKey } from './get-action-items.js';

export { updateActionItemRequest };

/** Answers the item's new row. Throws ApiError (400 with field messages, 403, 404). */
export function updateActionItem(itemId: string, change: ActionItemChange): Promise<ActionItemRow> {
  return apiRequest<ActionItemRow>(`/api/action_items/${encodeURIComponent(itemId)}/`, { method: 'PATCH', json: change });
}

/** Throws ApiError (403 for anyone but the host, 404). */
export async function deleteActionItem(itemId: string): Promise<void> {
  await apiRequest<void>(`/api/action_items/${encodeURIComponent(itemId)}/`, { method: 'DELETE' });
}

/** An action item and the meeting whose notes hold it. */
export interface ActionItemRef { itemId: string; meetingId: string }

/**
 * Changes and deletions of action items that then read again everything showing them: every page of the action items
 * screen and the meeting's notes. The calls throw ApiError.
 */
export function useActionItemMutations() {
  const { mutate } = useSWRConfig();
  const refresh = useCallback(async (meetingId: string) => {
    await mutate(isActionItemsKey);
    await mutate(notesKey(meetingId));
  }, [mutate]);
  const update = useCallback(async ({ itemId, meetingId }: ActionItemRef, change: ActionItemChange) => {
    const row = await updateActionItem(itemId, change);
    await refresh(meetingId);
    return row;
  }, [refresh]);
  const remove = useCallback(async ({ itemId, meetingId }: ActionItemRef) => {
    await deleteActionItem(itemId);
    await refresh(meetingId);
  }, [refresh]);
  return useMemo(() => ({ update, remove }), [update, remove]);
}
