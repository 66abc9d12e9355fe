import {
  BatchGetCommand, DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand,
  type BatchGetCommandOutput, type DynamoDBDocumentClient, type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { ActionItemsStore, MeetingActionItems } from '../../core/action-items/model.js';
import type { TodoistSyncDeps } from '../../core/action-items/todoist-sync.js';
import type { MeetingRecord, MeetingsRepository } from '../../core/meetings/model.js';
import type { MeetingNotes } from '../../core/notes/model.js';
import { meetingKeys } from '../dynamodb/meetings-repository.js';
import { isConditionFailure } from '../dynamodb/client.js';
import { insightKeys } from './insight-keys.js';

const BATCH_GET_LIMIT = 100;
const ATTEMPTS = 5;
/** Todoist retries a failed delivery for about 45 minutes; a month is ample to recognise a replay. */
const DELIVERY_MEMORY_SECONDS = 30 * 86_400;

/** What the ledger reads of a notes item: its meeting, status, notes id, action items and the speaker names they were written with (not the summary). */
const PROJECTION = {
  ProjectionExpression: 'meetingId, #s, #n.#nid, #n.#ai, #n.#sn',
  ExpressionAttributeNames: { '#s': 'status', '#n': 'notes', '#nid': 'notes_id', '#ai': 'action_items', '#sn': 'speaker_names' },
};
/** The host's ledger index: gsi2 on the notes items of the meetings they host. */
const ledgerPartition = (hostUserId: string) => `LEDGER#${hostUserId}`;

export const actionItemKeys = {
  /** The Todoist task made from an action item → that item (written with `stored_in_todoist`). */
  todoistTask: (taskId: string) => ({ pk: `TODOISTTASK#${taskId}`, sk: 'TASK' }),
  todoistDelivery: (key: string) => ({ pk: `TODOISTDELIVERY#${key}`, sk: 'DELIVERY' }),
};

/**
 * Action items where the notes keep them: inline in the meeting's notes status item (insights-store.ts). The notes
 * item of a meeting carries its host's ledger index key (gsi2: `LEDGER#{hostUserId}` / meeting id), so the host's own
 * meetings are read by one query; meetings shared with them, and notes not indexed yet (a full rewrite of the notes
 * drops the key; the ledger puts it back), by batch gets of 100. Only the notes id and action items are read (a
 * projection). Changes are written with an optimistic check on the item's `version`, as notes-delivery-store.ts does.
 */
/**
 * Writes `notes` into the notes item read as `item`, only if no other write moved its version meanwhile (the caller
 * re-reads and retries on a condition failure). Resolves true once written.
 */
export async function putNotesIfUnchanged(
  db: DynamoDBDocumentClient, tableName: string, item: Record<string, unknown>, notes: unknown, now: () => number,
): Promise<true> {
  const version = item.version as number | undefined;
  await db.send(new PutCommand({
    TableName: tableName, Item: { ...item, notes, updatedAt: new Date(now()).toISOString(), version: (version ?? 0) + 1 },
    ConditionExpression: version === undefined ? 'attribute_not_exists(version)' : 'version = :v',
    ...(version === undefined ? {} : { ExpressionAttributeValues: { ':v': version } }),
  }));
  return true;
}

export function createActionItemsStore(db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): ActionItemsStore {
  const key = (meetingId: string) => insightKeys.item(meetingId, 'notes');
  return {
    async loadMany(meetingIds, hostUserId) {
      const wanted = new Set(meetingIds);
      const found: MeetingActionItems[] = [];
      const take = (item: Record<string, any>, indexed: boolean) => {
        if (item.status !== 'ready' || !item.notes || !wanted.has(String(item.meetingId))) return;
        wanted.delete(String(item.meetingId));
        found.push({
          meetingId: String(item.meetingId), notesId: String(item.notes.notes_id), items: item.notes.action_items ?? [], indexed,
          ...(item.notes.speaker_names ? { speakerNames: item.notes.speaker_names } : {}),
        });
      };
      // One query for the caller's own meetings (the host's ledger index on gsi2), then keys for the rest.
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const out: QueryCommandOutput = await db.send(new QueryCommand({
          TableName: tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExclusiveStartKey,
          ExpressionAttributeValues: { ':pk': ledgerPartition(hostUserId) }, ...PROJECTION,
        }));
        for (const item of out.Items ?? []) take(item, true);
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      const rest = [...wanted];
      await Promise.all(Array.from({ length: Math.ceil(rest.length / BATCH_GET_LIMIT) }, async (_, i) => {
        let keys: Record<string, unknown>[] | undefined = rest.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT).map(key);
        while (keys && keys.length > 0) {
          const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ...PROJECTION } } }));
          for (const item of out.Responses?.[tableName] ?? []) take(item, false);
          keys = out.UnprocessedKeys?.[tableName]?.Keys;
        }
      }));
      return found;
    },

    async index(meetingIds, hostUserId) {
      await Promise.all(meetingIds.map(async (meetingId) => {
        try {
          await db.send(new UpdateCommand({
            TableName: tableName, Key: key(meetingId), UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk', ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':pk': ledgerPartition(hostUserId), ':sk': meetingId },
          }));
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }));
    },

    async change(meetingId, change) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const item = (await db.send(new GetCommand({ TableName: tableName, Key: key(meetingId), ConsistentRead: true }))).Item;
        if (item?.status !== 'ready' || !item.notes) return undefined;
        const updated = change(item.notes as MeetingNotes);
        if (!updated) return item.notes as MeetingNotes;
        try {
          if (await putNotesIfUnchanged(db, tableName, item, updated, now)) return updated;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
      throw new Error('The notes kept changing while an action item was changed.');
    },
  };
}

/** Which item a Todoist task was made from, and the deliveries already taken (each remembered a month, TTL). */
export function createTodoistSyncRecords(
  db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now,
): Pick<TodoistSyncDeps, 'tasks' | 'deliveries'> {
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
            TableName: tableName,
            Item: { ...actionItemKeys.todoistDelivery(deliveryKey), type: 'TodoistDelivery', expiresAt: Math.floor(now() / 1000) + DELIVERY_MEMORY_SECONDS },
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
export async function saveTodoistTaskPointers(
  db: DynamoDBDocumentClient, tableName: string, meetingId: string, tasks: readonly { itemId: string; taskId: string }[],
): Promise<void> {
  await Promise.all(tasks.map((t) => db.send(new PutCommand({
    TableName: tableName, Item: { ...actionItemKeys.todoistTask(t.taskId), type: 'TodoistTask', meetingId, itemId: t.itemId },
  }))));
}

/**
 * The meeting records the ledger shows (id, name, start, creation, host), read with a projection: the full records
 * carry processing state the ledger does not need. Other fields come back empty.
 */
export function createLedgerMeetingRecords(db: DynamoDBDocumentClient, tableName: string): Pick<MeetingsRepository, 'findMeetings'> {
  return {
    async findMeetings(meetingIds) {
      const ids = [...new Set(meetingIds)];
      const found: MeetingRecord[] = [];
      await Promise.all(Array.from({ length: Math.ceil(ids.length / BATCH_GET_LIMIT) }, async (_, i) => {
        let keys: Record<string, unknown>[] | undefined = ids.slice(i * BATCH_GET_LIMIT, (i + 1) * BATCH_GET_LIMIT).map((id) => meetingKeys.meeting(id));
        while (keys && keys.length > 0) {
          const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: { [tableName]: {
            Keys: keys, ProjectionExpression: 'id, #name, startTime, createdAt, hostUserId', ExpressionAttributeNames: { '#name': 'name' },
          } } }));
          for (const m of out.Responses?.[tableName] ?? []) {
            found.push({
              id: String(m.id), name: String(m.name), startTime: m.startTime ?? null, createdAt: String(m.createdAt), hostUserId: String(m.hostUserId),
              endTime: null, recordingAvailable: false, boardsShared: 0,
            });
          }
          keys = out.UnprocessedKeys?.[tableName]?.Keys;
        }
      }));
      return found;
    },
  };
}
