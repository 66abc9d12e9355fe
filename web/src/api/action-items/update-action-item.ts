/** PATCH /api/action_items/{id}/ (host edits; a participant marks their own done/open) and DELETE (host). */
import { updateActionItemRequest, type ActionItemChange, type ActionItemRow } from '@contracts/action-items.js';
import { apiRequest } from '../api-client.js';

export { updateActionItemRequest };

/** Answers the item's new row. Throws ApiError (400 with field messages, 403, 404). */
export function updateActionItem(itemId: string, change: ActionItemChange): Promise<ActionItemRow> {
  return apiRequest<ActionItemRow>(`/api/action_items/${encodeURIComponent(itemId)}/`, { method: 'PATCH', json: change });
}

/** Throws ApiError (403 for anyone but the host, 404). */
export async function deleteActionItem(itemId: string): Promise<void> {
  await apiRequest<void>(`/api/action_items/${encodeURIComponent(itemId)}/`, { method: 'DELETE' });
}
