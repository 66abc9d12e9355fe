import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { RunClaim, RunClaims, RunStatus } from '../../core/pipeline/ports.js';
import { isConditionFailure } from './client.js';
import { processingKeys } from './processing-keys.js';

/** Run claims (`RUN#{etag}` under the meeting): one execution per upload, by conditional writes. */
export function createRunClaims(client: DynamoDBDocumentClient, tableName: string): RunClaims {
  const get = async (key: Record<string, string>) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
    /**
     * Claims processing of one upload for one execution. A second execution for the same upload is refused
     * (claimed false) unless the earlier one failed, when it takes over with the next attempt number; the
     * same execution resumed after a crash gets its claim back.
     */
    async claimRun(meetingId: string, etag: string, executionId: string, now: string,
      options: { readonly takeOverSucceeded?: boolean } = {}): Promise<RunClaim> {
      const key = processingKeys.run(meetingId, etag);
      try {
        await client.send(new PutCommand({
          TableName: tableName, Item: { ...key, type: 'ProcessingRun', executionId, attempt: 1, status: 'running', claimedAt: now },
          ConditionExpression: 'attribute_not_exists(pk)',
        }));
        return { claimed: true, attempt: 1 };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const existing = await get(key);
      if (!existing) return { claimed: false, attempt: 0 };
      if (existing.executionId === executionId) return { claimed: true, attempt: Number(existing.attempt) };
      const takeOver = existing.status === 'failed' || (existing.status === 'succeeded' && options.takeOverSucceeded === true);
      if (!takeOver) return { claimed: false, attempt: Number(existing.attempt) };
      try {
        const out = await client.send(new UpdateCommand({
          TableName: tableName, Key: key, ReturnValues: 'ALL_NEW',
          UpdateExpression: 'SET executionId = :me, #s = :running, claimedAt = :now ADD attempt :one',
          ConditionExpression: '#s = :seen AND executionId = :previous',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':me': executionId, ':running': 'running', ':now': now, ':one': 1, ':seen': existing.status,
            ':previous': existing.executionId },
        }));
        return { claimed: true, attempt: Number(out.Attributes?.attempt) };
      } catch (error) {
        if (isConditionFailure(error)) return { claimed: false, attempt: Number(existing.attempt) };
        throw error;
      }
    },

    async findRun(meetingId: string, etag: string) {
      const item = await get(processingKeys.run(meetingId, etag));
      return item ? { executionId: String(item.executionId), attempt: Number(item.attempt), status: item.status as RunStatus } : undefined;
    },

    /** Records how a claimed run ended (a failed one may be taken over by a later trigger). */
    async finishRun(meetingId: string, etag: string, executionId: string, status: Exclude<RunStatus, 'running'>): Promise<void> {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: processingKeys.run(meetingId, etag), UpdateExpression: 'SET #s = :s',
          ConditionExpression: 'executionId = :me', ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': status, ':me': executionId },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

  };
}

