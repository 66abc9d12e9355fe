/** `POST notes/{notesId}/store_action_items_in_t/` {actionItemNumbers} (spec §7): the host's "Add to Todoist". */
import { z } from 'zod';
import type { DeliveryDeps } from '../../core/integrations/deliver-notes.js';
import { storeActionItemsInTodoist } from '../../core/integrations/deliver-notes.js';
import { route } from '../http/router.js';

const choice = z.object({
  actionItemNumbers: z.array(z.number().int().positive()).min(1, 'Choose at least one action item.').max(500),
});

export function notesDeliveryRoutes(deps: () => DeliveryDeps) {
  return [
    route({ method: 'POST', path: 'notes/{notesId}/store_action_items_in_t/', auth: 'user', body: choice,
      handle: ({ principal, params, body }) => storeActionItemsInTodoist(deps(), principal, params.notesId, body.actionItemNumbers) }),
  ];
}
