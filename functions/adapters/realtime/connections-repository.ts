import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CONNECTION_TTL_SECONDS } from '../../core/realtime/client-message.js';

const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export interface ConnectionRecord { connectionId: string; connectedAt: string; sourceIp?: string }

/** Live-room socket connections, one item each, expiring by TTL if $disconnect never arrives. */
export function connectionsRepository(tableName: string, now: () => number = Date.now) {
  const key = (connectionId: string) => ({ pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' });
  return {
    async save(record: ConnectionRecord): Promise<void> {
      const expiresAt = Math.floor(now() / 1000) + CONNECTION_TTL_SECONDS;
      await documents.send(new PutCommand({ TableName: tableName, Item: { ...key(record.connectionId), ...record, expiresAt } }));
    },
    async remove(connectionId: string): Promise<void> {
      await documents.send(new DeleteCommand({ TableName: tableName, Key: key(connectionId) }));
    },
  };
}
