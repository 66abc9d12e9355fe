/**
 * POST /api/webhooks/todoist/ (issue 33): Todoist's `item:completed` / `item:uncompleted` mark the action item a task
 * was made from done or open (core/integrations/webhooks.ts). `X-Todoist-Hmac-SHA256` must be base64
 * HMAC-SHA256(the app's client secret, raw body), else 401 and nothing changes; each delivery counts once.
 */
import { receiveTodoistWebhook, type TodoistWebhookDeps } from '../../core/integrations/webhooks.js';
import { header, rawBodyText } from '../http/request.js';
import { route } from '../http/router.js';

export type { TodoistWebhookDeps };

export function todoistWebhookRoutes(deps: () => TodoistWebhookDeps) {
  return [
    route({ method: 'POST', path: 'webhooks/todoist/', auth: 'public', handle: ({ event }) => receiveTodoistWebhook(deps(), {
      rawBody: rawBodyText(event), signature: header(event, 'x-todoist-hmac-sha256'), deliveryId: header(event, 'x-todoist-delivery-id'),
    }) }),
  ];
}
