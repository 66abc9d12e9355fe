/**
 * Todoist → MeetScribe (issue 33): a task completed or reopened in Todoist marks its action item done or open. The
 * webhook's signature is checked before this runs (webhook-signatures.ts); here a delivery counts once (by delivery
 * id and by the signed body), and an event older than the item's last status change (a late retry, a replay) is
 * ignored, so a forged or replayed delivery changes nothing.
 */
import type { ActionItemsStore } from './model.js';

export interface TodoistTaskEvent {
  /** `X-Todoist-Delivery-ID` (Todoist reuses it when it retries). */
  readonly deliveryId: string;
  /** SHA-256 of the signed body: a replay under another delivery id is the same body. */
  readonly bodyDigest: string;
  readonly eventName: string;
  readonly taskId: string;
  /** When the change happened in Todoist (ISO): `completed_at`, else `updated_at`, else the delivery's time. */
  readonly at: string;
}

export interface TodoistSyncDeps {
  readonly items: Pick<ActionItemsStore, 'change'>;
  /** Where the task made from an item points back to (written when the task was made). */
  readonly tasks: { find(taskId: string): Promise<{ readonly meetingId: string; readonly itemId: string } | undefined> };
  /** Records a delivery key once: false when it was seen before. */
  readonly deliveries: { claim(key: string): Promise<boolean>; release(key: string): Promise<void> };
}

export type TodoistSyncOutcome = 'ignored' | 'duplicate' | 'unknown_task' | 'stale' | 'unchanged' | 'updated';

const STATUS_OF: Readonly<Record<string, 'open' | 'done'>> = { 'item:completed': 'done', 'item:uncompleted': 'open' };

/** Applies one verified Todoist event. Throws only when the store fails (the delivery is then retried by Todoist). */
export async function applyTodoistEvent(d: TodoistSyncDeps, event: TodoistTaskEvent): Promise<TodoistSyncOutcome> {
  const status = STATUS_OF[event.eventName];
  if (!status) return 'ignored';
  const keys = [`delivery:${event.deliveryId}`, `body:${event.bodyDigest}`];
  for (const [i, key] of keys.entries()) {
    if (!(await d.deliveries.claim(key))) {
      for (const claimed of keys.slice(0, i)) await d.deliveries.release(claimed);
      return 'duplicate';
    }
  }
  try {
    return await apply(d, event, status);
  } catch (error) {
    for (const key of keys) await d.deliveries.release(key);
    throw error;
  }
}

async function apply(d: TodoistSyncDeps, event: TodoistTaskEvent, status: 'open' | 'done'): Promise<TodoistSyncOutcome> {
  const pointer = await d.tasks.find(event.taskId);
  if (!pointer) return 'unknown_task';
  let outcome: TodoistSyncOutcome = 'unknown_task';
  await d.items.change(pointer.meetingId, (notes) => {
    const item = notes.action_items.find((i) => i.id === pointer.itemId && i.todoist_task_id === event.taskId);
    if (!item) { outcome = 'unknown_task'; return undefined; }
    if (item.status_changed_at && event.at < item.status_changed_at) { outcome = 'stale'; return undefined; }
    if ((item.status ?? 'open') === status) { outcome = 'unchanged'; return undefined; }
    outcome = 'updated';
    return { ...notes, action_items: notes.action_items.map((i) => (i === item ? { ...i, status, status_changed_at: event.at } : i)) };
  });
  return outcome;
}
