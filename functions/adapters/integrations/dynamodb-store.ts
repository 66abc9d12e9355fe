/**
 * The integrations context in the single table (docs/integrations.md "Storage"):
 * - `USER#{id}` / `INTEGRATION#{service}`: the connection (sealed tokens, tokenVersion, provider identity, settings);
 * - `PROVIDERLINK#{service}#{key}` / `LINK`: provider user id or webhook id → our user id;
 * - `OAUTHSTATE#{nonce}` / `NONCE`: an issued state nonce until used (TTL `expiresAt`);
 * - `IMPORT#{service}#{recordingId}` / `IMPORT`: one per provider recording, the idempotency key of imports
 *   (also listed per user through gsi1 `IMPORTS#{userId}#{service}`).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { IntegrationMarks } from '../../core/accounts/ports.js';
import type { ImportRecord, ImportRecords } from '../../core/integrations/import-recording.js';
import type { NonceStore } from '../../core/integrations/oauth-state.js';
import type { Connection, ConnectionStore, UserFlags } from '../../core/integrations/ports.js';
import type { ServiceId } from '../../core/integrations/services.js';
import { isConditionFailure } from '../dynamodb/client.js';

export const integrationKeys = {
  connection: (userId: string, service: ServiceId) => ({ pk: `USER#${userId}`, sk: `INTEGRATION#${service}` }),
  link: (service: ServiceId, key: string) => ({ pk: `PROVIDERLINK#${service}#${key}`, sk: 'LINK' }),
  nonce: (nonce: string) => ({ pk: `OAUTHSTATE#${nonce}`, sk: 'NONCE' }),
  import: (service: ServiceId, recordingId: string) => ({ pk: `IMPORT#${service}#${recordingId}`, sk: 'IMPORT' }),
  userImports: (userId: string, service: ServiceId) => `IMPORTS#${userId}#${service}`,
};

const strip = <T>(item: Record<string, unknown> | undefined): T | undefined => {
  if (!item) return undefined;
  const { pk: _p, sk: _s, type: _t, gsi1pk: _g, gsi1sk: _h, expiresAt: _e, ...rest } = item;
  return rest as T;
};

export function createConnectionStore(client: DynamoDBDocumentClient, tableName: string): ConnectionStore {
  return {
    async find(userId, service) {
      const out = await client.send(new GetCommand({ TableName: tableName, Key: integrationKeys.connection(userId, service), ConsistentRead: true }));
      return strip<Connection>(out.Item);
    },
    async put(connection) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...integrationKeys.connection(connection.userId, connection.service),
        type: 'Integration', ...connection } }));
    },
    async replaceTokens(userId, service, sealedTokens, fromVersion) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: integrationKeys.connection(userId, service),
          UpdateExpression: 'SET sealedTokens = :t, tokenVersion = :next, needsReauthorization = :f',
          ConditionExpression: 'tokenVersion = :from',
          ExpressionAttributeValues: { ':t': sealedTokens, ':next': fromVersion + 1, ':from': fromVersion, ':f': false },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async markNeedsReauthorization(userId, service, fromVersion) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: integrationKeys.connection(userId, service),
          UpdateExpression: 'SET needsReauthorization = :t, tokenVersion = :next REMOVE sealedTokens',
          ConditionExpression: 'tokenVersion = :from',
          ExpressionAttributeValues: { ':t': true, ':next': fromVersion + 1, ':from': fromVersion },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
    async update(userId, service, changes) {
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (entries.length === 0) return;
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: integrationKeys.connection(userId, service),
          UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
    async remove(userId, service) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: integrationKeys.connection(userId, service) }));
    },
    async link(service, key, userId) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...integrationKeys.link(service, key), type: 'ProviderLink', userId } }));
    },
    async unlink(service, key, userId) {
      try {
        await client.send(new DeleteCommand({
          TableName: tableName, Key: integrationKeys.link(service, key),
          ConditionExpression: 'userId = :me', ExpressionAttributeValues: { ':me': userId },
        }));
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    },
    async userFor(service, key) {
      const out = await client.send(new GetCommand({ TableName: tableName, Key: integrationKeys.link(service, key), ConsistentRead: true }));
      return typeof out.Item?.userId === 'string' ? out.Item.userId : undefined;
    },
  };
}

export function createNonceStore(client: DynamoDBDocumentClient, tableName: string): NonceStore {
  return {
    async issue(nonce, userId, expiresAtSeconds) {
      await client.send(new PutCommand({
        TableName: tableName, Item: { ...integrationKeys.nonce(nonce), type: 'OAuthNonce', userId, expiresAt: expiresAtSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }));
    },
    async consume(nonce, nowSeconds) {
      try {
        const out = await client.send(new DeleteCommand({
          TableName: tableName, Key: integrationKeys.nonce(nonce), ReturnValues: 'ALL_OLD',
          ConditionExpression: 'attribute_exists(pk) AND expiresAt >= :now', ExpressionAttributeValues: { ':now': nowSeconds },
        }));
        return typeof out.Attributes?.userId === 'string' ? { userId: out.Attributes.userId } : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
  };
}

export function createImportRecords(client: DynamoDBDocumentClient, tableName: string): ImportRecords {
  const find = async (service: ServiceId, recordingId: string) =>
    strip<ImportRecord>((await client.send(new GetCommand({ TableName: tableName, Key: integrationKeys.import(service, recordingId),
      ConsistentRead: true }))).Item);
  return {
    find,
    async claim(record) {
      try {
        await client.send(new PutCommand({
          TableName: tableName,
          Item: { ...integrationKeys.import(record.service, record.recordingId), type: 'Import', ...record,
            gsi1pk: integrationKeys.userImports(record.userId, record.service), gsi1sk: record.recordingId },
          ConditionExpression: 'attribute_not_exists(pk)',
        }));
        return record;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return (await find(record.service, record.recordingId))!;
      }
    },
    async finish(service, recordingId, status, reason) {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: integrationKeys.import(service, recordingId),
        UpdateExpression: 'SET #s = :s, reason = :r, updatedAt = :u', ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': status, ':r': reason ?? null, ':u': new Date().toISOString() },
      }));
    },
    async listForUser(userId, service) {
      const items: ImportRecord[] = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const out = await client.send(new QueryCommand({
          TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': integrationKeys.userImports(userId, service) }, ExclusiveStartKey,
        }));
        for (const item of out.Items ?? []) items.push(strip<ImportRecord>(item)!);
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return items;
    },
    async remove(service, recordingId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: integrationKeys.import(service, recordingId) }));
    },
  };
}

/** The §3 flags live on the user profile item (`integrations` map, read by the accounts context). */
export function createUserFlags(client: DynamoDBDocumentClient, tableName: string): UserFlags {
  return {
    async set(userId, flags) {
      const entries = Object.entries(flags) as [keyof IntegrationMarks, boolean | string | null][];
      if (entries.length === 0) return;
      const Key = { pk: `USER#${userId}`, sk: 'PROFILE' };
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key, UpdateExpression: 'SET integrations = if_not_exists(integrations, :empty)',
          ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':empty': {} },
        }));
        await client.send(new UpdateCommand({
          TableName: tableName, Key,
          UpdateExpression: `SET ${entries.map((_, i) => `integrations.#f${i} = :v${i}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
          ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
          ConditionExpression: 'attribute_exists(pk)',
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
