import { randomUUID } from 'node:crypto';
import {
  BatchGetCommand, BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand,
  type BatchGetCommandOutput, type BatchWriteCommandOutput, type DynamoDBDocumentClient, type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { NotFound } from '../../core/errors.js';
import type { AccessEntry, AttendeeRecord, MeetingAggregate, MeetingChanges, MeetingRecord, MeetingsRepository } from '../../core/meetings/model.js';
import { isConditionFailure } from './client.js';

/**
 * Key layout of meetings (docs/meetings.md). Everything of a meeting lives under `MEETING#{id}`; each
 * attendee item doubles as the access entry of its e-mail on gsi1, sorted by the meeting's creation time.
 */
export const meetingKeys = {
  partition: (id: string) => `MEETING#${id}`,
  meeting: (id: string) => ({ pk: `MEETING#${id}`, sk: 'MEETING' }),
  attendee: (id: string, email: string) => ({ pk: `MEETING#${id}`, sk: `ATTENDEE#${email}` }),
  access: (email: string, createdAt: string, id: string) => ({ gsi1pk: `ACCESS#${email}`, gsi1sk: `${createdAt}#${id}` }),
};

const MEETING_FIELDS = ['id', 'name', 'startTime', 'endTime', 'recordingAvailable', 'boardsShared', 'createdAt', 'hostUserId', 'processing',
  'liveRoom'] as const;
const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;

const toMeeting = (item: Record<string, any>): MeetingRecord =>
  Object.fromEntries(MEETING_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as MeetingRecord;
const toAttendee = (item: Record<string, any>): AttendeeRecord =>
  ({ id: item.attendeeId, email: item.email, name: item.name, role: item.role });

/** Meetings whose attendee lists a container remembers (issue #19: a meetings page without a query per meeting). */
const MAX_REMEMBERED_ATTENDEE_LISTS = 5_000;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

interface Table { readonly client: DynamoDBDocumentClient; readonly tableName: string }

async function queryAll({ client, tableName }: Table, input: Omit<QueryCommandInput, 'TableName'>) {
  const items: Record<string, any>[] = [];
  let ExclusiveStartKey: Record<string, any> | undefined;
  do {
    const out = await client.send(new QueryCommand({ TableName: tableName, ...input, ExclusiveStartKey }));
    items.push(...(out.Items ?? []));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

const queryAttendees = async (t: Table, meetingId: string) => (await queryAll(t, {
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)', ConsistentRead: true,
  ExpressionAttributeValues: { ':pk': meetingKeys.partition(meetingId), ':a': 'ATTENDEE#' },
})).map(toAttendee);

async function batchGetMeetingItems({ client, tableName }: Table, meetingIds: readonly string[], consistent: boolean) {
  const found: Record<string, any>[] = [];
  for (const ids of chunks([...new Set(meetingIds)], BATCH_GET_LIMIT)) {
    let keys: Record<string, any>[] | undefined = ids.map((id) => meetingKeys.meeting(id));
    while (keys && keys.length > 0) {
      const out: BatchGetCommandOutput = await client.send(new BatchGetCommand({
        RequestItems: { [tableName]: { Keys: keys, ...(consistent ? { ConsistentRead: true } : {}) } },
      }));
      found.push(...(out.Responses?.[tableName] ?? []));
      keys = out.UnprocessedKeys?.[tableName]?.Keys;
    }
  }
  return found;
}

const attendeeItem = (meeting: MeetingRecord, a: AttendeeRecord) => ({
  ...meetingKeys.attendee(meeting.id, a.email), ...meetingKeys.access(a.email, meeting.createdAt, meeting.id),
  type: 'Attendee', meetingId: meeting.id, attendeeId: a.id, email: a.email, name: a.name, role: a.role,
});

/** A container's memory of attendee lists by revision: a list is queried again only after its meeting's attendees changed. */
function rememberingAttendees(t: Table): (item: Record<string, any>) => Promise<AttendeeRecord[]> {
  const rememberedAttendees = new Map<string, { rev: string; attendees: AttendeeRecord[] }>();
  return async (item: Record<string, any>): Promise<AttendeeRecord[]> => {
    const id = String(item.id);
    const rev = typeof item.attendeesRev === 'string' ? item.attendeesRev : undefined;
    const hit = rev === undefined ? undefined : rememberedAttendees.get(id);
    if (hit && hit.rev === rev) return hit.attendees;
    // Read after the item: the list is at least as new as `rev` (attendee changes replace it in the same transaction).
    const attendees = await queryAttendees(t, id);
    if (rev !== undefined) {
      if (rememberedAttendees.size >= MAX_REMEMBERED_ATTENDEE_LISTS) rememberedAttendees.clear();
      rememberedAttendees.set(id, { rev, attendees });
    }
    return attendees;
  };
}

async function updateMeeting({ client, tableName }: Table, meetingId: string, changes: MeetingChanges) {
  const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
  try {
    const out = await client.send(new UpdateCommand({
      TableName: tableName, Key: meetingKeys.meeting(meetingId), ConditionExpression: 'attribute_exists(pk)', ReturnValues: 'ALL_NEW',
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }));
    return out.Attributes ? toMeeting(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

async function addAttendee({ client, tableName }: Table, meeting: MeetingRecord, attendee: AttendeeRecord) {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Update: { TableName: tableName, Key: meetingKeys.meeting(meeting.id), ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET attendeesRev = :rev', ExpressionAttributeValues: { ':rev': randomUUID() } } },
      { Put: { TableName: tableName, Item: attendeeItem(meeting, attendee), ConditionExpression: 'attribute_not_exists(pk)' } },
    ] }));
    return true;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((error as Error).name !== 'TransactionCanceledException' || !reasons) throw error;
    if (reasons[0]?.Code === 'ConditionalCheckFailed') throw new NotFound('Meeting not found.');
    if (reasons[1]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

async function removeAttendee({ client, tableName }: Table, meetingId: string, email: string) {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Delete: { TableName: tableName, Key: meetingKeys.attendee(meetingId, email) } },
      { Update: { TableName: tableName, Key: meetingKeys.meeting(meetingId), ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: 'SET attendeesRev = :rev', ExpressionAttributeValues: { ':rev': randomUUID() } } },
    ] }));
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((error as Error).name !== 'TransactionCanceledException' || reasons?.[1]?.Code !== 'ConditionalCheckFailed') throw error;
    // The meeting itself is gone: remove the stray attendee item alone.
    await client.send(new DeleteCommand({ TableName: tableName, Key: meetingKeys.attendee(meetingId, email) }));
  }
}

/** Deletes a meeting's items; the meeting item goes last. */
async function removeMeeting(t: Table, meetingId: string) {
  const { client, tableName } = t;
  const items = await queryAll(t, {
    KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': meetingKeys.partition(meetingId) },
    ProjectionExpression: 'pk, sk', ConsistentRead: true,
  });
  // The meeting item goes last, so a failure part-way leaves a meeting that can be deleted again.
  const rest = items.filter((i) => i.sk !== 'MEETING');
  for (const batch of chunks(rest, BATCH_WRITE_LIMIT)) {
    let requests: any[] | undefined = batch.map((Key) => ({ DeleteRequest: { Key: { pk: Key.pk, sk: Key.sk } } }));
    while (requests && requests.length > 0) {
      const out: BatchWriteCommandOutput = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = out.UnprocessedItems?.[tableName];
    }
  }
  await client.send(new DeleteCommand({ TableName: tableName, Key: meetingKeys.meeting(meetingId) }));
}

/**
 * Meetings and attendees in the single table; reads by key or key query only, never a scan.
 *
 * The meeting item carries `attendeesRev`, a random value replaced in the same transaction as every attendee
 * change. findMany remembers each meeting's attendee list under the revision it was read at, so a page of the
 * meetings list is one consistent batch get plus a query only for meetings whose attendees changed since this
 * container last read them. A meeting without `attendeesRev` (stored before it existed) is always queried.
 */
export function createMeetingsRepository(client: DynamoDBDocumentClient, tableName: string): MeetingsRepository {
  const t: Table = { client, tableName };
  const attendeesOf = rememberingAttendees(t);
  return {
    async create(meeting, host) {
      await client.send(new TransactWriteCommand({ TransactItems: [
        { Put: { TableName: tableName, Item: { ...meetingKeys.meeting(meeting.id), type: 'Meeting', ...meeting, attendeesRev: randomUUID() },
          ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName, Item: attendeeItem(meeting, host) } },
      ] }));
    },

    async find(meetingId) {
      const [meeting, attendees] = await Promise.all([
        client.send(new GetCommand({ TableName: tableName, Key: meetingKeys.meeting(meetingId), ConsistentRead: true })),
        queryAll(t, {
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)', ConsistentRead: true,
          ExpressionAttributeValues: { ':pk': meetingKeys.partition(meetingId), ':a': 'ATTENDEE#' },
        }),
      ]);
      if (!meeting.Item) return undefined;
      return { meeting: toMeeting(meeting.Item), attendees: attendees.map(toAttendee) };
    },

    async findMeetings(meetingIds) {
      return (await batchGetMeetingItems(t, meetingIds, false)).map(toMeeting);
    },

    async findMany(meetingIds) {
      const items = await batchGetMeetingItems(t, meetingIds, true);
      return Promise.all(items.map(async (item): Promise<MeetingAggregate> => ({ meeting: toMeeting(item), attendees: await attendeesOf(item) })));
    },

    async listAccess(email) {
      const items = await queryAll(t, {
        IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ScanIndexForward: false,
        ExpressionAttributeValues: { ':pk': `ACCESS#${email}` }, ProjectionExpression: 'gsi1sk',
      });
      return items.map((item): AccessEntry => {
        const sortKey = String(item.gsi1sk);
        const cut = sortKey.lastIndexOf('#');
        return { createdAt: sortKey.slice(0, cut), meetingId: sortKey.slice(cut + 1) };
      });
    },

    update: (meetingId, changes: MeetingChanges) => updateMeeting(t, meetingId, changes),
    addAttendee: (meeting, attendee) => addAttendee(t, meeting, attendee),
    removeAttendee: (meetingId, email) => removeAttendee(t, meetingId, email),
    remove: (meetingId) => removeMeeting(t, meetingId),
  };
}
