import {
  BatchWriteCommand, DeleteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { CONNECTION_TTL_SECONDS } from '../../core/realtime/client-message.js';
import type { JoinResult, OpenResult, Room, RoomMember, RoomStore } from '../../core/room/ports.js';
import { connectionKey, connectionsRepository } from '../realtime/connections-repository.js';
import { isConditionFailure } from './client.js';

/**
 * Live-room membership in the single table (docs/live-room.md): the room item and one item per guest
 * under `ROOM#{meetingId}`, the host's one-room lock under `USER#{userId}`, the binding on the socket's
 * item. Every item carries `expiresAt`, so a room whose sockets vanished without $disconnect expires.
 */
export const roomKeys = {
  room: (roomId: string) => ({ pk: `ROOM#${roomId}`, sk: 'ROOM' }),
  guest: (roomId: string, sessionId: string) => ({ pk: `ROOM#${roomId}`, sk: `GUEST#${sessionId}` }),
  hostLock: (userId: string) => ({ pk: `USER#${userId}`, sk: 'LIVE_ROOM' }),
};

const FREE = 'attribute_not_exists(pk) OR expiresAt < :now';
const BATCH_WRITE_LIMIT = 25;

const toMember = (item: Record<string, any>): RoomMember => ({
  connectionId: item.connectionId, participantSessionId: item.participantSessionId,
  participantType: item.participantType, name: item.name, email: item.email,
});

const reasons = (error: unknown): string[] =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
const isCancelled = (error: unknown) => (error as { name?: string }).name === 'TransactionCanceledException';

/** The table and the clock the room's writes share. */
interface RoomTable {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly now: () => number;
  readonly seconds: () => number;
  readonly expiresAt: () => number;
  readonly live: (item: Record<string, any> | undefined) => boolean | undefined;
  /** The transaction step that binds a socket to the room (only a socket not bound yet). */
  readonly bind: (connectionId: string, roomId: string, sessionId: string) => ReturnType<typeof bindStep>;
}

const bindStep = (tableName: string, connectionId: string, roomId: string, sessionId: string) => ({
  Update: {
    TableName: tableName, Key: connectionKey(connectionId), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(roomId)',
    UpdateExpression: 'SET roomId = :r, participantSessionId = :s', ExpressionAttributeValues: { ':r': roomId, ':s': sessionId },
  },
});

function roomTable(client: DynamoDBDocumentClient, tableName: string, now: () => number): RoomTable {
  const seconds = () => Math.floor(now() / 1000);
  const expiresAt = () => seconds() + CONNECTION_TTL_SECONDS;
  const live = (item: Record<string, any> | undefined) => item && !(typeof item.expiresAt === 'number' && item.expiresAt < seconds());
  const bind = (connectionId: string, roomId: string, sessionId: string) => bindStep(tableName, connectionId, roomId, sessionId);
  return { client, tableName, now, seconds, expiresAt, live, bind };
}

async function openRoom(table: RoomTable, room: Room): Promise<OpenResult> {
  const { client, tableName, seconds, expiresAt, bind } = table;
  const values = { ':now': seconds() };
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Put: { TableName: tableName, ConditionExpression: FREE, ExpressionAttributeValues: values, Item: {
        ...roomKeys.room(room.roomId), type: 'LiveRoom', roomId: room.roomId, hostUserId: room.hostUserId, host: room.host,
        personRemoval: room.personRemoval, guestCount: 0, expiresAt: expiresAt(),
      } } },
      { Put: { TableName: tableName, ConditionExpression: FREE, ExpressionAttributeValues: values, Item: {
        ...roomKeys.hostLock(room.hostUserId), type: 'LiveRoomLock', roomId: room.roomId, expiresAt: expiresAt(),
      } } },
      bind(room.host.connectionId, room.roomId, room.host.participantSessionId),
    ] }));
    return 'opened';
  } catch (error) {
    if (!isCancelled(error)) throw error;
    const [roomReason, lockReason] = reasons(error);
    if (roomReason === 'ConditionalCheckFailed') return 'room-busy';
    if (lockReason === 'ConditionalCheckFailed') return 'host-busy';
    return 'room-busy';
  }
}

async function addGuest(table: RoomTable, store: RoomStore, roomId: string, guest: RoomMember, max: number): Promise<JoinResult> {
  const { client, tableName, seconds, expiresAt, bind, now } = table;
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Update: {
        TableName: tableName, Key: roomKeys.room(roomId), UpdateExpression: 'SET guestCount = guestCount + :one',
        ConditionExpression: 'attribute_exists(pk) AND expiresAt >= :now AND guestCount < :max',
        ExpressionAttributeValues: { ':one': 1, ':now': seconds(), ':max': max },
      } },
      { Put: { TableName: tableName, ConditionExpression: FREE, ExpressionAttributeValues: { ':now': seconds() }, Item: {
        ...roomKeys.guest(roomId, guest.participantSessionId), type: 'LiveRoomGuest', ...guest, joinedAt: now(), expiresAt: expiresAt(),
      } } },
      bind(guest.connectionId, roomId, guest.participantSessionId),
    ] }));
    return 'joined';
  } catch (error) {
    if (!isCancelled(error)) throw error;
    const [roomReason, guestReason] = reasons(error);
    if (roomReason === 'ConditionalCheckFailed') return (await store.room(roomId)) ? 'full' : 'no-room';
    if (guestReason === 'ConditionalCheckFailed') return 'duplicate';
    return 'no-room';
  }
}

/** Deletes the room, its guests' items and the host's lock (only while it still names this room). */
async function deleteRoom({ client, tableName }: RoomTable, room: Room, guests: readonly RoomMember[]): Promise<void> {
  const keys = [...guests.map((g) => roomKeys.guest(room.roomId, g.participantSessionId)), roomKeys.room(room.roomId)];
  for (let i = 0; i < keys.length; i += BATCH_WRITE_LIMIT) {
    let requests: any = { [tableName]: keys.slice(i, i + BATCH_WRITE_LIMIT).map((Key) => ({ DeleteRequest: { Key } })) };
    while (requests && Object.keys(requests).length > 0) {
      requests = (await client.send(new BatchWriteCommand({ RequestItems: requests }))).UnprocessedItems;
    }
  }
  await client.send(new DeleteCommand({
    TableName: tableName, Key: roomKeys.hostLock(room.hostUserId), ConditionExpression: 'roomId = :r', ExpressionAttributeValues: { ':r': room.roomId },
  })).catch((error) => { if (!isConditionFailure(error)) throw error; });
}

/** The RoomStore port over DynamoDB; key reads and key queries only. */
export function createRoomRepository(client: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): RoomStore {
  const table = roomTable(client, tableName, now);
  const { live } = table;
  const connections = connectionsRepository(tableName, now, client);

  const store: RoomStore = {
    connection: (connectionId) => connections.find(connectionId),

    openRoom: (room: Room) => openRoom(table, room),

    async room(roomId) {
      const out = await client.send(new GetCommand({ TableName: tableName, Key: roomKeys.room(roomId), ConsistentRead: true }));
      if (!live(out.Item)) return undefined;
      const item = out.Item!;
      return { roomId, hostUserId: item.hostUserId, host: item.host, personRemoval: item.personRemoval === 'on' ? 'on' : 'off' };
    },

    async guests(roomId) {
      const items: Record<string, any>[] = [];
      let ExclusiveStartKey: Record<string, any> | undefined;
      do {
        const out = await client.send(new QueryCommand({
          TableName: tableName, ConsistentRead: true, ExclusiveStartKey,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :g)', ExpressionAttributeValues: { ':pk': `ROOM#${roomId}`, ':g': 'GUEST#' },
        }));
        items.push(...(out.Items ?? []));
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return items.filter(live).sort((a, b) => a.joinedAt - b.joinedAt).map(toMember);
    },

    async guest(roomId, sessionId) {
      const out = await client.send(new GetCommand({ TableName: tableName, Key: roomKeys.guest(roomId, sessionId), ConsistentRead: true }));
      return live(out.Item) ? toMember(out.Item!) : undefined;
    },

    addGuest: (roomId, guest, max) => addGuest(table, store, roomId, guest, max),

    async removeGuest(roomId, sessionId) {
      const out = await client.send(new DeleteCommand({ TableName: tableName, Key: roomKeys.guest(roomId, sessionId), ReturnValues: 'ALL_OLD' }));
      if (!out.Attributes) return undefined;
      await client.send(new UpdateCommand({
        TableName: tableName, Key: roomKeys.room(roomId), UpdateExpression: 'SET guestCount = guestCount - :one',
        ConditionExpression: 'attribute_exists(pk) AND guestCount > :zero', ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
      })).catch((error) => { if (!isConditionFailure(error)) throw error; });
      return live(out.Attributes) ? toMember(out.Attributes) : undefined;
    },

    async setPersonRemoval(roomId, state) {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: roomKeys.room(roomId), UpdateExpression: 'SET personRemoval = :s',
        ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':s': state },
      })).catch((error) => { if (!isConditionFailure(error)) throw error; });
    },

    async closeRoom(room) {
      const guests = await store.guests(room.roomId);
      await deleteRoom(table, room, guests);
      return guests;
    },

    async unbind(connectionId) {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: connectionKey(connectionId), UpdateExpression: 'REMOVE roomId, participantSessionId',
        ConditionExpression: 'attribute_exists(pk)',
      })).catch((error) => { if (!isConditionFailure(error)) throw error; });
    },
  };
  return store;
}
