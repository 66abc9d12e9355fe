import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ActionItemsStore, MeetingActionItems } from '../../core/action-items/model.js';
import type { TodoistSyncDeps } from '../../core/action-items/todoist-sync.js';
import type { MeetingNotes } from '../../core/notes/model.js';
import { isConditionFailure } from '../dynamodb/client.js';
import { insightKeys } from './insight-keys.js';

const BATCH_GET_LIMIT = 100;
const ATTEMPTS = 5;
/** Todoist retries a failed delivery for about 45 minutes; a month is ample to recognise a replay. */
const DELIVERY_MEMORY_SECONDS = 30 * 86_400;

export const actionItemKeys = {
  /** The Todoist task made from an action item → that item (written with `stored_in_todoist`). */
  todoistTask: (taskId: string) => ({ pk: `TODOISTTASK#${taskId}`, sk: 'TASK' }),
  todoistDelivery: (key: string) => ({ pk: `TODOISTDELIVERY#${key}`, sk: 'DELIVERY' }),
};

/**
 * Action items where the notes keep them: inline in the meeting's notes status item (insights-store.ts). The ledger
 * reads only each item's notes id and action items (a projection), 100 meetings per batch get; changes are written
 * with an optimistic check on the item's `version`, as notes-delivery-store.ts does.
 */
export function createActionItemsStore(db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): ActionItemsStore {
  const key = (meetingId: string) => insightKeys.item(meetingId, 'notes');
  return {
    async loadMany(meetingIds) {
      const found: MeetingActionItems[] = [];
      const ids = [...new Set(meetingIds)];
      await Promise.all(Array.from({ length: Math.ceil(ids.length / BATCH_GET_LIMIT) }, async (_, i) => {
        let keys: Record<string, unknown>[] | undefined = ids.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT).map(key);
        while (keys && keys.length > 0) {
          const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: {
            Keys: keys, ProjectionExpression: 'meetingId, #s, #n.#nid, #n.#ai',
            ExpressionAttributeNames: { '#s': 'status', '#n': 'notes', '#nid': 'notes_id', '#ai': 'action_items' },
          } } }));
          for (const item of out.Responses?.[tableName] ?? []) {
            if (item.status !== 'ready' || !item.notes) continue;
            found.push({ meetingId: String(item.meetingId), notesId: String(item.notes.notes_id), items: item.notes.action_items ?? [] });
          }
          keys = out.UnprocessedKeys?.[tableName]?.Keys;
        }
      }));
      return found;
    },

    async change(meetingId, change) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const item = (await db.send(new GetCommand({ TableName: tableName, Key: key(meetingId), ConsistentRead: true }))).Item;
        if (item?.status !== 'ready' || !item.notes) return undefined;
        const updated = change(item.notes as MeetingNotes);
        if (!updated) return item.notes as MeetingNotes;
        try {
          await db.send(new PutCommand({
            TableName: tableName, Item: { ...item, notes: updated, updatedAt: new Date(now()).toISOString(), version: (item.version ?? 0) + 1 },
            ConditionExpression: item.version === undefined ? 'attribute_not_exists(version)' : 'version = :v',
            ...(item.version === undefined ? {} : { ExpressionAttributeValues: { ':v': item.version } }),
          }));
          return updated;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
      throw new Error('The notes kept changing while an action item was changed.');
    },
  };
}

/** Which item a Todoist task was made from, and the deliveries already taken (each remembered a month, TTL). */
export function createTodoistSyncRecords(db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): Pick<TodoistSyncDeps, 'tasks' | 'deliveries'> {
  return {
    tasks: {
      async find(taskId) {
        const item = (await db.send(new GetCommand({ TableName: tableName, Key: actionItemKeys.todoistTask(taskId) }))).Item;
        return typeof item?.meetingId === 'string' && typeof item.itemId === 'string' ? { meetingId: item.meetingId, itemId: item.itemId } : undefined;
      },
    },
    deliveries: {
      async claim(deliveryKey) {
        try {
          await db.send(new PutCommand({
            TableName: tableName, Item: { ...actionItemKeys.todoistDelivery(deliveryKey), type: 'TodoistDelivery', expiresAt: Math.floor(now() / 1000) + DELIVERY_MEMORY_SECONDS },
            ConditionExpression: 'attribute_not_exists(pk)',
          }));
          return true;
        } catch (error) {
          if (isConditionFailure(error)) return false;
          throw error;
        }
      },
      async release(deliveryKey) {
        await db.send(new DeleteCommand({ TableName: tableName, Key: actionItemKeys.todoistDelivery(deliveryKey) }));
      },
    },
  };
}

/** Records which item a task was made from (the webhook finds the item by it). */
export async function saveTodoistTaskPointers(db: DynamoDBDocumentClient, tableName: string, meetingId: string, tasks: readonly { itemId: string; taskId: string }[]): Promise<void> {
  await Promise.all(tasks.map((t) => db.send(new PutCommand({
    TableName: tableName, Item: { ...actionItemKeys.todoistTask(t.taskId), type: 'TodoistTask', meetingId, itemId: t.itemId },
  }))));
}
