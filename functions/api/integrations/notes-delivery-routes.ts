/** `POST notes/{notesId}/store_action_items_in_t/` {actionItemNumbers} (spec §7): the host's "Add to Todoist". */
import { z } from 'zod';
import { deliveryContext } from '../../adapters/integrations/delivery-context.js';
import type { DeliveryDeps } from '../../core/integrations/deliver-notes.js';
import { storeActionItemsInTodoist } from '../../core/integrations/deliver-notes.js';
import { route, type Principal } from '../http/router.js';

const choice = z.object({
  actionItemNumbers: z.array(z.number().int().positive()).min(1, 'Choose at least one action item.').max(500),
});

export function notesDeliveryRoutes(deps: () => DeliveryDeps = deliveryContext) {
  return [
    route({ method: 'POST', path: 'notes/{notesId}/store_action_items_in_t/', auth: 'user', body: choice,
      handle: ({ principal, params, body }) => {
        const p = principal as Principal;
        return storeActionItemsInTodoist(deps(), { userId: p.userId, email: p.email }, params.notesId, body.actionItemNumbers);
      } }),
  ];
}
