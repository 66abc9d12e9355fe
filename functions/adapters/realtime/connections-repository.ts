import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_TTL_SECONDS } from '../../core/realtime/client-message.js';
import type { RoomConnection } from '../../core/room/ports.js';
import { documentClient } from '../dynamodb/client.js';

export interface ConnectionRecord {
  connectionId: string;
  connectedAt: string;
  sourceIp?: string;
  /** Set when $connect verified an access token (the live room's host). */
  userId?: string;
  email?: string;
}

/** Key of a socket's item; the room repository binds sockets to rooms on the same item. */
export const connectionKey = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' });

/** Live-room socket connections, one item each, expiring by TTL if $disconnect never arrives. */
export function connectionsRepository(tableName: string, now: () => number = Date.now, client: DynamoDBDocumentClient = documentClient) {
  return {
    async save(record: ConnectionRecord): Promise<void> {
      const expiresAt = Math.floor(now() / 1000) + CONNECTION_TTL_SECONDS;
      await client.send(new PutCommand({ TableName: tableName, Item: { ...connectionKey(record.connectionId), ...record, expiresAt } }));
    },
    /** The connection with its room binding, or undefined when unknown or expired. */
    async find(connectionId: string): Promise<RoomConnection | undefined> {
      const out = await client.send(new GetCommand({ TableName: tableName, Key: connectionKey(connectionId), ConsistentRead: true }));
      const item = out.Item;
      if (!item || (typeof item.expiresAt === 'number' && item.expiresAt < now() / 1000)) return undefined;
      return { connectionId, userId: item.userId, email: item.email, roomId: item.roomId, participantSessionId: item.participantSessionId };
    },
    async remove(connectionId: string): Promise<void> {
      await client.send(new DeleteCommand({ TableName: tableName, Key: connectionKey(connectionId) }));
    },
  };
}
