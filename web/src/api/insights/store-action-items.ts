/** POST /api/notes/{notesId}/store_action_items_in_t/ {actionItemNumbers} — host only: one Todoist task per chosen item. */
import type { ActionItemView } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';

/** Answers the notes' action items with `stored_in_todoist` set. Throws ApiError (400 with what to do, 403, 503). */
export function storeActionItemsInTodoist(notesId: string, actionItemNumbers: number[]): Promise<{ action_items: ActionItemView[] }> {
  return apiRequest(`/api/notes/${encodeURIComponent(notesId)}/store_action_items_in_t/`, { method: 'POST', json: { actionItemNumbers } });
}
