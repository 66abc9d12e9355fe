import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RefreshSessions, ResetKeys, VerificationCodes } from '../../core/accounts/ports.js';
import { isConditionFailure } from './client.js';

/** Key layout of codes and reset keys; both carry `expiresAt` so DynamoDB TTL removes them eventually. */
export const verificationKeys = {
  code: (email: string) => ({ pk: `EMAILCODE#${email}`, sk: 'CODE' }),
  resetKey: (keyHash: string) => ({ pk: `RESETKEY#${keyHash}`, sk: 'RESETKEY' }),
  /** The newest reset key of a user: only that one works. */
  newestResetKey: (userId: string) => ({ pk: `RESETFOR#${userId}`, sk: 'RESETKEY' }),
  session: (sid: string) => ({ pk: `SESSION#${sid}`, sk: 'SESSION' }),
};

/** The latest sign-up code per address. Single use: consuming is a conditional delete on the code's digest. */
export function createVerificationCodes(client: DynamoDBDocumentClient, tableName: string): VerificationCodes {
  const Key = verificationKeys.code;
  return {
    async save(email, code) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...Key(email), type: 'EmailCode', ...code, attempts: 0 } }));
    },
    async find(email) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: Key(email), ConsistentRead: true }))).Item;
      return item ? { codeHash: String(item.codeHash), expiresAt: Number(item.expiresAt), attempts: Number(item.attempts ?? 0) } : undefined;
    },
    async claimAttempt(email, maxAttempts) {
      try {
        const out = await client.send(new UpdateCommand({
          TableName: tableName, Key: Key(email), UpdateExpression: 'ADD attempts :one', ReturnValues: 'ALL_NEW',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(attempts) OR attempts < :max)',
          ExpressionAttributeValues: { ':one': 1, ':max': maxAttempts },
        }));
        const item = out.Attributes;
        return item ? { codeHash: String(item.codeHash), expiresAt: Number(item.expiresAt), attempts: Number(item.attempts ?? 0) } : undefined;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },
    async consume(email, codeHash) {
      try {
        await client.send(new DeleteCommand({
          TableName: tableName, Key: Key(email), ConditionExpression: 'codeHash = :h', ExpressionAttributeValues: { ':h': codeHash },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}

/** Password reset keys by digest. Consuming deletes the item only while it is unexpired, so a key works once. */
export function createResetKeys(client: DynamoDBDocumentClient, tableName: string): ResetKeys {
  return {
    async save(keyHash, userId, expiresAt) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...verificationKeys.resetKey(keyHash), type: 'ResetKey', userId, expiresAt } }));
      await client.send(new PutCommand({ TableName: tableName, Item: { ...verificationKeys.newestResetKey(userId), type: 'NewestResetKey', keyHash,
        expiresAt } }));
    },
    async consume(keyHash, nowSeconds) {
      const userId = await take(keyHash, nowSeconds);
      if (userId === undefined) return undefined;
      // Only the newest key works: an older one is spent (deleted above) without effect.
      const newest = await client.send(new GetCommand({ TableName: tableName, Key: verificationKeys.newestResetKey(userId), ConsistentRead: true }));
      if (newest.Item?.keyHash !== keyHash) return undefined;
      await client.send(new DeleteCommand({ TableName: tableName, Key: verificationKeys.newestResetKey(userId) }));
      return userId;
    },
  };

  async function take(keyHash: string, nowSeconds: number): Promise<string | undefined> {
    try {
      const out = await client.send(new DeleteCommand({
        TableName: tableName, Key: verificationKeys.resetKey(keyHash), ReturnValues: 'ALL_OLD',
        // TTL deletion is lazy (up to days in AWS), so expiry is checked here as well.
        ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowSeconds },
      }));
      return typeof out.Attributes?.userId === 'string' ? out.Attributes.userId : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}

/** Refresh-token sessions: one item per sign-in holding its current refresh token id; rotation is one conditional update. */
export function createRefreshSessions(client: DynamoDBDocumentClient, tableName: string): RefreshSessions {
  const Key = verificationKeys.session;
  return {
    async open(sid, userId, jti, expiresAt) {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...Key(sid), type: 'RefreshSession', userId, jti, expiresAt } }));
    },
    async rotate(sid, fromJti, toJti) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: Key(sid), UpdateExpression: 'SET jti = :to',
          ConditionExpression: 'jti = :from', ExpressionAttributeValues: { ':from': fromJti, ':to': toJti },
        }));
        return 'rotated';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const item = await client.send(new GetCommand({ TableName: tableName, Key: Key(sid), ConsistentRead: true }));
      return item.Item ? 'reused' : 'unknown';
    },
    async close(sid) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: Key(sid) }));
    },
  };
}
