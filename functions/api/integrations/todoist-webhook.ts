/**
 * POST /api/webhooks/todoist/ (issue 33): Todoist's `item:completed` / `item:uncompleted` mark the action item a task
 * was made from done or open. `X-Todoist-Hmac-SHA256` must be base64 HMAC-SHA256(the app's client secret, raw body),
 * else 401 and nothing changes; each delivery counts once (core/action-items/todoist-sync.ts).
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { applyTodoistEvent, type TodoistSyncDeps } from '../../core/action-items/todoist-sync.js';
import { verifyTodoistSignature } from '../../core/integrations/webhook-signatures.js';
import { header } from '../http/request.js';
import { HttpResponse } from '../http/response.js';
import { route } from '../http/router.js';

export interface TodoistWebhookDeps extends TodoistSyncDeps {
  readonly clientSecret: () => Promise<string>;
}

const rawBody = (event: APIGatewayProxyEvent) =>
  event.body == null ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

const isoOr = (value: unknown, fallback: string): string => {
  const t = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(t) ? fallback : new Date(t).toISOString();
};

function parse(raw: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function todoistWebhookRoutes(deps: () => TodoistWebhookDeps) {
  return [
    route({ method: 'POST', path: 'webhooks/todoist/', auth: 'public', handle: async ({ event }) => {
      const d = deps();
      const raw = rawBody(event);
      const verdict = verifyTodoistSignature(await d.clientSecret(), raw, header(event, 'x-todoist-hmac-sha256'));
      if (verdict !== 'valid') return new HttpResponse(401, { detail: `Webhook signature ${verdict.replace('_', ' ')}.` });
      const body = parse(raw);
      const task = body?.event_data;
      if (!body || typeof body.event_name !== 'string' || !task || typeof task.id !== 'string') {
        return new HttpResponse(400, { detail: 'The webhook body is not a Todoist event.' });
      }
      const digest = createHash('sha256').update(raw).digest('hex');
      const at = isoOr(task.completed_at, isoOr(task.updated_at, isoOr(body.triggered_at, new Date().toISOString())));
      const outcome = await applyTodoistEvent(d, {
        deliveryId: header(event, 'x-todoist-delivery-id') ?? digest, bodyDigest: digest, eventName: body.event_name, taskId: task.id, at,
      });
      // 200 whatever the outcome: Todoist retries anything else, and there is nothing more to do with it.
      return new HttpResponse(200, { detail: `Event ${body.event_name}: ${outcome.replace('_', ' ')}.` });
    } }),
  ];
}
