import { DeleteCommand, GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RateLimits, RateWindow } from '../../core/accounts/ports.js';
import { isConditionFailure } from './client.js';

export const rateKey = (key: string) => ({ pk: `RATE#${key}`, sk: 'RATE' });

/**
 * Fixed-window counters, one item per key: `count`, `windowEndsAt` and `expiresAt` (TTL, same instant).
 * A hit adds to an open window or, failing that condition, opens a new one; both are single conditional
 * updates, so concurrent hits are never lost.
 */
export function createRateLimits(client: DynamoDBDocumentClient, tableName: string): RateLimits {
  const windowOf = (item: Record<string, unknown> | undefined): RateWindow =>
    ({ count: Number(item?.count ?? 0), resetsAt: Number(item?.windowEndsAt ?? 0) });

  const addToOpenWindow = (key: string, now: number, amount: number) => client.send(new UpdateCommand({
    TableName: tableName, Key: rateKey(key), UpdateExpression: 'ADD #count :one',
    ConditionExpression: 'windowEndsAt > :now', ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': amount, ':now': now }, ReturnValues: 'ALL_NEW',
  }));
  const openWindow = (key: string, windowSeconds: number, now: number, amount: number) => client.send(new UpdateCommand({
    TableName: tableName, Key: rateKey(key), UpdateExpression: 'SET #count = :one, windowEndsAt = :end, expiresAt = :end, #type = :type',
    ConditionExpression: 'attribute_not_exists(pk) OR windowEndsAt <= :now', ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
    ExpressionAttributeValues: { ':one': amount, ':now': now, ':end': now + windowSeconds, ':type': 'RateWindow' }, ReturnValues: 'ALL_NEW',
  }));

  return {
    async peek(key, now) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: rateKey(key), ConsistentRead: true }))).Item;
      const window = windowOf(item);
      return window.resetsAt > now ? window : { count: 0, resetsAt: now };
    },
    async hit(key, windowSeconds, now, amount = 1) {
      // Two rounds cover the race where another request opens or closes the window between our tries.
      for (let round = 0; round < 2; round += 1) {
        for (const attempt of [() => addToOpenWindow(key, now, amount), () => openWindow(key, windowSeconds, now, amount)]) {
          try {
            return windowOf((await attempt()).Attributes);
          } catch (error) {
            if (!isConditionFailure(error)) throw error;
          }
        }
      }
      throw new Error(`Could not count rate-limit event for ${key}`);
    },
    async refund(key, now) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: rateKey(key), UpdateExpression: 'ADD #count :minus',
          ConditionExpression: 'windowEndsAt > :now AND #count > :zero', ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':minus': -1, ':now': now, ':zero': 0 },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
    async clear(key) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: rateKey(key) }));
    },
  };
}
