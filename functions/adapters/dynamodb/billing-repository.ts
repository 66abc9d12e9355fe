import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { BillingAccount, BillingStore, SubscriptionSnapshot, UsageLedger } from '../../core/billing/model.js';
import { isConditionFailure } from './client.js';

/**
 * Billing items of the main table (docs/billing.md):
 * - `USER#{id}` / `BILLING`: Stripe customer id, the last fetched subscription, trial flag; gsi1 `STRIPE_CUSTOMER#{cus}` finds the user of a customer.
 * - `USER#{id}` / `USAGE#{chargedAt ISO}#{meetingId}#{recordingId}`: one item per processed recording (written by the pipeline).
 * - `STRIPE_EVENT#{id}` / `EVENT`: webhook events processed (expire after 90 days).
 */
export const billingKeys = {
  account: (userId: string) => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  customerIndex: (customerId: string) => ({ gsi1pk: `STRIPE_CUSTOMER#${customerId}`, gsi1sk: 'BILLING' }),
  usage: (userId: string, chargedAtIso: string, meetingId: string, recordingId: string) =>
    ({ pk: `USER#${userId}`, sk: `USAGE#${chargedAtIso}#${meetingId}#${recordingId}` }),
  event: (eventId: string) => ({ pk: `STRIPE_EVENT#${eventId}`, sk: 'EVENT' }),
};

const EVENT_RETENTION_SECONDS = 90 * 24 * 3600;

export function createBillingStore(client: DynamoDBDocumentClient, tableName: string): BillingStore {
  return {
    async findAccount(userId) {
      const item = (await client.send(new GetCommand({ TableName: tableName, Key: billingKeys.account(userId), ConsistentRead: true }))).Item;
      if (!item) return undefined;
      return {
        userId, customerId: item.customerId ?? null, trialUsed: Boolean(item.trialUsed),
        subscription: (item.subscription as SubscriptionSnapshot | undefined) ?? null,
      } satisfies BillingAccount;
    },
    async findUserByCustomer(customerId) {
      const out = await client.send(new QueryCommand({
        TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
        ExpressionAttributeValues: { ':pk': billingKeys.customerIndex(customerId).gsi1pk, ':sk': 'BILLING' }, Limit: 1,
      }));
      const pk = out.Items?.[0]?.pk as string | undefined;
      return pk?.startsWith('USER#') ? pk.slice('USER#'.length) : undefined;
    },
    async saveCustomer(userId, customerId) {
      const index = billingKeys.customerIndex(customerId);
      const out = await client.send(new UpdateCommand({
        TableName: tableName, Key: billingKeys.account(userId), ReturnValues: 'ALL_NEW',
        UpdateExpression: 'SET customerId = if_not_exists(customerId, :c), gsi1pk = if_not_exists(gsi1pk, :g), gsi1sk = :s, #t = :type',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':c': customerId, ':g': index.gsi1pk, ':s': index.gsi1sk, ':type': 'BillingAccount' },
      }));
      return String(out.Attributes?.customerId);
    },
    async saveSubscription(userId, snapshot, fetchedAtMs) {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: billingKeys.account(userId),
          UpdateExpression: 'SET subscription = :s, subscriptionFetchedAt = :f, #t = :type',
          ConditionExpression: 'attribute_not_exists(subscriptionFetchedAt) OR subscriptionFetchedAt <= :f',
          ExpressionAttributeNames: { '#t': 'type' },
          ExpressionAttributeValues: { ':s': snapshot, ':f': fetchedAtMs, ':type': 'BillingAccount' },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error; // a newer fetch is already stored
      }
    },
    async markTrialUsed(userId) {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: billingKeys.account(userId), UpdateExpression: 'SET trialUsed = :t', ExpressionAttributeValues: { ':t': true },
      }));
    },
    async claimEvent(eventId, type, nowMs) {
      try {
        await client.send(new PutCommand({
          TableName: tableName, ConditionExpression: 'attribute_not_exists(pk)',
          Item: { ...billingKeys.event(eventId), type: 'StripeEvent', eventType: type, receivedAt: new Date(nowMs).toISOString(),
            expiresAt: Math.floor(nowMs / 1000) + EVENT_RETENTION_SECONDS },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
    async releaseEvent(eventId) {
      await client.send(new DeleteCommand({ TableName: tableName, Key: billingKeys.event(eventId) }));
    },
  };
}

/** The recordings' charges of one user between two instants (the `USAGE#` items the pipeline writes). */
export function createUsageLedger(client: DynamoDBDocumentClient, tableName: string): UsageLedger {
  return {
    async chargesBetween(userId, startMs, endMs) {
      const charges: { minutes: number; chargedAtMs: number; refunded: boolean }[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await client.send(new QueryCommand({
          TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start,
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': `USAGE#${new Date(startMs).toISOString()}`,
            ':to': `USAGE#${new Date(endMs).toISOString()}` },
        }));
        for (const item of out.Items ?? []) {
          charges.push({ minutes: Number(item.minutes), chargedAtMs: Date.parse(String(item.chargedAt)), refunded: Boolean(item.refunded) });
        }
        start = out.LastEvaluatedKey;
      } while (start);
      return charges;
    },
  };
}
