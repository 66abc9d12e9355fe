import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '../../../functions/api/http/router.js';
import { todoistWebhookRoutes } from '../../../functions/api/integrations/todoist-webhook.js';
import { todoistSignature } from '../../../functions/core/integrations/webhook-signatures.js';
import { item, MemoryItems, notesWith } from './harness.js';

const SECRET = 'todoist-client-secret';

function world() {
  const items = new MemoryItems();
  items.notes.set('m-1', notesWith([item(1, { stored_in_todoist: true, todoist_task_id: 'task-1', status_changed_at: '2025-03-06T09:00:00.000Z' })]));
  const claimed = new Set<string>();
  const handler = createApiHandler(todoistWebhookRoutes(() => ({
    clientSecret: async () => SECRET, items,
    tasks: { find: async (taskId) => (taskId === 'task-1' ? { meetingId: 'm-1', itemId: 'item-1' } : undefined) },
    deliveries: {
      claim: async (key) => (claimed.has(key) ? false : (claimed.add(key), true)),
      release: async (key) => { claimed.delete(key); },
    },
  })), { logger: { error: () => undefined } });
  const deliver = async (body: string, headers: Record<string, string>) => {
    const event = {
      httpMethod: 'POST', path: '/api/webhooks/todoist/', headers: { 'Content-Type': 'application/json', ...headers }, body, isBase64Encoded: false,
      queryStringParameters: null, multiValueHeaders: {}, multiValueQueryStringParameters: null, pathParameters: null, stageVariables: null,
      resource: '/api/{proxy+}', requestContext: { identity: { sourceIp: '127.0.0.1' } },
    } as unknown as APIGatewayProxyEvent;
    const result = await handler(event, {} as Context);
    return { status: result.statusCode, body: JSON.parse(result.body) };
  };
  const status = () => items.notes.get('m-1')!.action_items[0]!.status ?? 'open';
  return { deliver, status };
}

const event = (name: string, at: string, taskId = 'task-1') =>
  JSON.stringify({ event_name: name, user_id: 'u-9', version: '10', event_data: { id: taskId, content: 'x', completed_at: name === 'item:completed' ? at : null, updated_at: at } });
const signed = (body: string, deliveryId: string) => ({ 'X-Todoist-Hmac-SHA256': todoistSignature(SECRET, body), 'X-Todoist-Delivery-ID': deliveryId });

describe('POST webhooks/todoist/', () => {
  it('marks the item of a task completed in Todoist done, and open again when it is reopened', async () => {
    const w = world();
    const completed = event('item:completed', '2025-03-06T10:00:00Z');
    expect(await w.deliver(completed, signed(completed, 'd-1'))).toEqual({ status: 200, body: { detail: 'Event item:completed: updated.' } });
    expect(w.status()).toBe('done');
    const reopened = event('item:uncompleted', '2025-03-06T11:00:00Z');
    await w.deliver(reopened, signed(reopened, 'd-2'));
    expect(w.status()).toBe('open');
  });

  it('refuses a forged, unsigned or differently signed delivery and changes nothing', async () => {
    const w = world();
    const completed = event('item:completed', '2025-03-06T10:00:00Z');
    expect(await w.deliver(completed, { 'X-Todoist-Hmac-SHA256': todoistSignature('another-secret', completed), 'X-Todoist-Delivery-ID': 'd-1' }))
      .toEqual({ status: 401, body: { detail: 'Webhook signature bad signature.' } });
    expect((await w.deliver(completed, { 'X-Todoist-Delivery-ID': 'd-1' })).status).toBe(401);
    const tampered = completed.replace('task-1', 'task-2');
    expect((await w.deliver(tampered, signed(completed, 'd-1'))).status).toBe(401);
    expect(w.status()).toBe('open');
  });

  it('counts a delivery once: a retry or a replay under another delivery id changes nothing', async () => {
    const w = world();
    const completed = event('item:completed', '2025-03-06T10:00:00Z');
    const reopened = event('item:uncompleted', '2025-03-06T11:00:00Z');
    await w.deliver(completed, signed(completed, 'd-1'));
    await w.deliver(reopened, signed(reopened, 'd-2'));
    expect((await w.deliver(completed, signed(completed, 'd-1'))).body.detail).toBe('Event item:completed: duplicate.');
    expect((await w.deliver(completed, signed(completed, 'd-3'))).body.detail).toBe('Event item:completed: duplicate.');
    expect(w.status()).toBe('open');
  });

  it('ignores an event older than the last change of the item, other events and unknown tasks', async () => {
    const w = world();
    const late = event('item:completed', '2025-03-06T08:00:00Z');
    expect((await w.deliver(late, signed(late, 'd-1'))).body.detail).toBe('Event item:completed: stale.');
    const other = event('item:updated', '2025-03-06T10:00:00Z');
    expect((await w.deliver(other, signed(other, 'd-2'))).body.detail).toBe('Event item:updated: ignored.');
    const unknown = event('item:completed', '2025-03-06T10:00:00Z', 'task-7');
    expect((await w.deliver(unknown, signed(unknown, 'd-3'))).body.detail).toBe('Event item:completed: unknown task.');
    expect(w.status()).toBe('open');
    expect((await w.deliver('not json', signed('not json', 'd-4'))).status).toBe(400);
  });
});
