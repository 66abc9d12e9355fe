/**
 * The action items ledger (issue 33; docs/insights.md, "Action items ledger"): GET action_items/ over every meeting the
 * caller can read, PATCH action_items/{id}/ (host edits; a participant toggles their own), DELETE action_items/{id}/ (host).
 */
import { listActionItemsQuery, updateActionItemRequest } from '../../contracts/action-items.js';
import { deleteActionItem, updateActionItem } from '../../core/action-items/edit.js';
import { listActionItems } from '../../core/action-items/ledger.js';
import type { EditDeps } from '../../core/action-items/model.js';
import { noContent } from '../http/response.js';
import { route, type Route } from '../http/router.js';

export function actionItemsRoutes(d: EditDeps): Route<any>[] {
  return [
    route({ method: 'GET', path: 'action_items/', auth: 'user',
      handle: ({ principal, query }) => listActionItems(d, principal, listActionItemsQuery.parse(query)) }),
    route({ method: 'PATCH', path: 'action_items/{id}/', auth: 'user', body: updateActionItemRequest,
      handle: ({ principal, params, body }) => updateActionItem(d, principal, params.id, body) }),
    route({ method: 'DELETE', path: 'action_items/{id}/', auth: 'user', handle: async ({ principal, params }) => {
      await deleteActionItem(d, principal, params.id);
      return noContent();
    } }),
  ];
}
