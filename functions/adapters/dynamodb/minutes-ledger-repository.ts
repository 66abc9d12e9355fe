import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MinutesLedger } from '../../core/pipeline/ports.js';
import { billingKeys } from './billing-repository.js';
import { processingKeys } from './processing-keys.js';

/** The item whose version every charge of a user moves on, so a charge can be made conditional on no other charge having landed. */
const ledgerKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'MINUTESLEDGER' });

interface Table { readonly client: DynamoDBDocumentClient; readonly tableName: string }

/**
 * Charges the host's minutes for one recording (the upload's ETag) exactly once: a marker `CHARGE#{recordingId}`
 * under the meeting is created only if absent (or refunded), in the same transaction as the user's usage item and
 * the move of the user's ledger version (`USER#{id}` / `MINUTESLEDGER`), which with `version` given must still be
 * at it (docs/billing.md). Which condition failed says whether the recording was charged already or the ledger moved.
 */
async function charge(
  { client, tableName }: Table, meetingId: string, recordingId: string, userId: string, minutes: number, now: string, version: number | undefined,
) {
  const usage = billingKeys.usage(userId, now, meetingId, recordingId);
  const guarded = version === undefined ? {} : {
    ConditionExpression: version === 0 ? 'attribute_not_exists(version) OR version = :v' : 'version = :v',
  };
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Put: {
        TableName: tableName,
        Item: { ...processingKeys.charge(meetingId, recordingId), type: 'MinutesCharge', userId, minutes, usageSk: usage.sk, refunded: false,
          chargedAt: now },
        ConditionExpression: 'attribute_not_exists(pk) OR refunded = :true', ExpressionAttributeValues: { ':true': true },
      } },
      { Put: {
        TableName: tableName, Item: { ...usage, type: 'MinutesUsage', meetingId, recordingId, minutes, refunded: false, chargedAt: now },
      } },
      { Update: {
        TableName: tableName, Key: ledgerKey(userId), UpdateExpression: 'SET #type = :type ADD version :one',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'MinutesLedger', ':one': 1, ...(version === undefined ? {} : { ':v': version }) },
        ...guarded,
      } },
    ] }));
    return 'charged' as const;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return 'already_charged' as const;
    if (reasons?.[2]?.Code === 'ConditionalCheckFailed') return 'ledger_changed' as const;
    throw error;
  }
}

/** Gives one recording's charged minutes back (once). Returns the minutes refunded, 0 when there was nothing to refund. */
async function refund({ client, tableName }: Table, meetingId: string, recordingId: string): Promise<number> {
  const key = processingKeys.charge(meetingId, recordingId);
  const charge = (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
  if (!charge || charge.refunded) return 0;
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [
      { Update: {
        TableName: tableName, Key: processingKeys.charge(meetingId, recordingId), UpdateExpression: 'SET refunded = :true',
        ConditionExpression: 'refunded = :false', ExpressionAttributeValues: { ':true': true, ':false': false },
      } },
      { Update: {
        TableName: tableName, Key: { pk: `USER#${String(charge.userId)}`, sk: String(charge.usageSk) },
        UpdateExpression: 'SET refunded = :true', ExpressionAttributeValues: { ':true': true },
      } },
    ] }));
    return Number(charge.minutes);
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return 0;
    throw error;
  }
}

/** Minutes charged per recording (`CHARGE#{etag}` under the meeting, with the user's usage item), refunded once. */
export function createMinutesLedger(client: DynamoDBDocumentClient, tableName: string): MinutesLedger {
  const get = async (key: Record<string, string>) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
    /**
     * Charges the host's minutes for one recording (the upload's ETag) exactly once: a marker `CHARGE#{recordingId}`
     * under the meeting is created only if absent (or refunded), in the same transaction as the user's usage item
     * (docs/billing.md). Returns false when this recording was already charged.
     */
    async chargeMinutes(meetingId: string, recordingId: string, userId: string, minutes: number, now: string): Promise<boolean> {
      return (await charge({ client, tableName }, meetingId, recordingId, userId, minutes, now, undefined)) === 'charged';
    },

    async ledgerVersion(userId: string): Promise<number> {
      return Number((await get(ledgerKey(userId)))?.version ?? 0);
    },

    chargeMinutesAtVersion: (meetingId, recordingId, userId, minutes, now, version) =>
      charge({ client, tableName }, meetingId, recordingId, userId, minutes, now, version),

    /** Gives one recording's charged minutes back (once). Returns the minutes refunded, 0 when there was nothing to refund. */
    refundMinutes: (meetingId: string, recordingId: string) => refund({ client, tableName }, meetingId, recordingId),

    async findCharge(meetingId: string, recordingId: string): Promise<{ userId: string; minutes: number; refunded: boolean } | undefined> {
      const item = await get(processingKeys.charge(meetingId, recordingId));
      return item ? { userId: item.userId, minutes: Number(item.minutes), refunded: Boolean(item.refunded) } : undefined;
    },
  };
}
