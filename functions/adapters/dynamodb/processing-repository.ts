import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ArtefactStatus, ProcessingState } from '../../core/pipeline/processing-status.js';
import type { SpeakerNames } from '../../core/transcripts/speaker-names.js';
import { billingKeys } from './billing-repository.js';
import { isConditionFailure } from './client.js';
import { meetingKeys } from './meetings-repository.js';

/**
 * Pipeline items, all under the meeting's partition so deleting a meeting removes them (docs/pipeline.md):
 * run claims `RUN#{etag}`, the minutes charge of each recording `CHARGE#{etag}`, the transcript pointer `TRANSCRIPT`;
 * the status is the `processing` attribute of the meeting item. The usage items the charges write live under the
 * user (`USER#{id}` / `USAGE#…`, functions/adapters/dynamodb/billing-repository.ts), so deleting a meeting refunds nothing.
 */
export const processingKeys = {
  run: (meetingId: string, etag: string) => ({ pk: meetingKeys.partition(meetingId), sk: `RUN#${etag}` }),
  charge: (meetingId: string, recordingId: string) => ({ pk: meetingKeys.partition(meetingId), sk: `CHARGE#${recordingId}` }),
  transcript: (meetingId: string) => ({ pk: meetingKeys.partition(meetingId), sk: 'TRANSCRIPT' }),
};

/** Fields of the processing state to change; `artefacts.<name>` changes one artefact's status. */
export type StatePatch = Partial<Omit<ProcessingState, 'artefacts'>> & { readonly 'artefacts.transcript'?: ArtefactStatus };

export type RunStatus = 'running' | 'succeeded' | 'failed';
export interface RunClaim { readonly claimed: boolean; readonly attempt: number }

export interface TranscriptRecord {
  readonly jsonKey: string;
  readonly textKey: string;
  readonly speakers: readonly string[];
  readonly speakerNames: SpeakerNames;
  readonly createdAt: string;
}

/** The meeting deleted while it was being processed. */
export class MeetingGone extends Error {
  readonly name = 'MeetingGone';
}

/** Reads and writes the pipeline's items; every write that must happen once is a conditional write. */
export function createProcessingRepository(client: DynamoDBDocumentClient, tableName: string) {
  const get = async (key: Record<string, string>) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
    /**
     * Claims processing of one upload for one execution. A second execution for the same upload is refused
     * (claimed false) unless the earlier one failed, when it takes over with the next attempt number; the
     * same execution resumed after a crash gets its claim back.
     */
    async claimRun(meetingId: string, etag: string, executionId: string, now: string): Promise<RunClaim> {
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
      if (existing.status !== 'failed') return { claimed: false, attempt: Number(existing.attempt) };
      try {
        const out = await client.send(new UpdateCommand({
          TableName: tableName, Key: key, ReturnValues: 'ALL_NEW',
          UpdateExpression: 'SET executionId = :me, #s = :running, claimedAt = :now ADD attempt :one',
          ConditionExpression: '#s = :failed AND executionId = :previous',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':me': executionId, ':running': 'running', ':now': now, ':one': 1, ':failed': 'failed', ':previous': existing.executionId },
        }));
        return { claimed: true, attempt: Number(out.Attributes?.attempt) };
      } catch (error) {
        if (isConditionFailure(error)) return { claimed: false, attempt: Number(existing.attempt) };
        throw error;
      }
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

    /** The meeting's processing state, or undefined (no meeting, or never processed). */
    async findState(meetingId: string): Promise<ProcessingState | undefined> {
      const out = await client.send(new GetCommand({
        TableName: tableName, Key: meetingKeys.meeting(meetingId), ConsistentRead: true,
        ProjectionExpression: '#p', ExpressionAttributeNames: { '#p': 'processing' },
      }));
      return (out.Item?.processing as ProcessingState | undefined) ?? undefined;
    },

    /** Replaces the meeting's processing state. Throws MeetingGone when the meeting no longer exists. */
    async resetState(meetingId: string, state: ProcessingState): Promise<void> {
      await updateMeeting(client, tableName, meetingId, 'SET #p = :p', { '#p': 'processing' }, { ':p': state });
    },

    /** Sets some fields of the processing state (which must exist); `artefacts.x` keys set one artefact. Throws MeetingGone. */
    async patchState(meetingId: string, fields: StatePatch): Promise<void> {
      const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
      if (entries.length === 0) return;
      const names: Record<string, string> = { '#p': 'processing' };
      const values: Record<string, unknown> = {};
      const sets = entries.map(([field, value], i) => {
        const path = field.split('.').map((part, j) => {
          names[`#f${i}_${j}`] = part;
          return `#f${i}_${j}`;
        });
        values[`:v${i}`] = value;
        return `#p.${path.join('.')} = :v${i}`;
      });
      await updateMeeting(client, tableName, meetingId, `SET ${sets.join(', ')}`, names, values, 'attribute_exists(#p)');
    },

    /**
     * Names a meeting that still carries the upload placeholder name (the browser closed after its recording
     * arrived, before it could name the meeting); a name set meanwhile is kept. True when renamed.
     */
    async nameUnnamedUpload(meetingId: string, placeholder: string, name: string): Promise<boolean> {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: 'SET #n = :name',
          ConditionExpression: 'attribute_exists(pk) AND #n = :placeholder',
          ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':name': name, ':placeholder': placeholder },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    /** Sets the meeting's end from its recording when the upload left it empty, and marks the recording available. */
    async recordDuration(meetingId: string, endTime: string | null): Promise<void> {
      await updateMeeting(client, tableName, meetingId, 'SET recordingAvailable = :t', {}, { ':t': true });
      if (!endTime) return;
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: 'SET endTime = :e',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(endTime) OR endTime = :null)',
          ExpressionAttributeValues: { ':e': endTime, ':null': null },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    /**
     * Charges the host's minutes for one recording (the upload's ETag) exactly once: a marker `CHARGE#{recordingId}`
     * under the meeting is created only if absent (or refunded), in the same transaction as the user's usage item
     * (docs/billing.md). Returns false when this recording was already charged.
     */
    async chargeMinutes(meetingId: string, recordingId: string, userId: string, minutes: number, now: string): Promise<boolean> {
      const usage = billingKeys.usage(userId, now, meetingId, recordingId);
      try {
        await client.send(new TransactWriteCommand({ TransactItems: [
          { Put: {
            TableName: tableName,
            Item: { ...processingKeys.charge(meetingId, recordingId), type: 'MinutesCharge', userId, minutes, usageSk: usage.sk, refunded: false, chargedAt: now },
            ConditionExpression: 'attribute_not_exists(pk) OR refunded = :true', ExpressionAttributeValues: { ':true': true },
          } },
          { Put: {
            TableName: tableName, Item: { ...usage, type: 'MinutesUsage', meetingId, recordingId, minutes, refunded: false, chargedAt: now },
          } },
        ] }));
        return true;
      } catch (error) {
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if ((error as Error).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
        throw error;
      }
    },

    /** Gives one recording's charged minutes back (once). Returns the minutes refunded, 0 when there was nothing to refund. */
    async refundMinutes(meetingId: string, recordingId: string): Promise<number> {
      const charge = await get(processingKeys.charge(meetingId, recordingId));
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
    },

    async findCharge(meetingId: string, recordingId: string): Promise<{ userId: string; minutes: number; refunded: boolean } | undefined> {
      const item = await get(processingKeys.charge(meetingId, recordingId));
      return item ? { userId: item.userId, minutes: Number(item.minutes), refunded: Boolean(item.refunded) } : undefined;
    },

    /** Stores the transcript pointer with default speaker names (a new recording has new speakers). */
    async saveTranscript(meetingId: string, record: TranscriptRecord): Promise<void> {
      await client.send(new PutCommand({ TableName: tableName, Item: { ...processingKeys.transcript(meetingId), type: 'Transcript', ...record } }));
    },

    async findTranscript(meetingId: string): Promise<TranscriptRecord | undefined> {
      const item = await get(processingKeys.transcript(meetingId));
      if (!item) return undefined;
      return { jsonKey: item.jsonKey, textKey: item.textKey, speakers: item.speakers ?? [], speakerNames: item.speakerNames ?? {}, createdAt: item.createdAt };
    },

    /** Saves new speaker names. Throws MeetingGone when the transcript item no longer exists. */
    async saveSpeakerNames(meetingId: string, names: SpeakerNames): Promise<void> {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: processingKeys.transcript(meetingId), UpdateExpression: 'SET speakerNames = :n',
          ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':n': names },
        }));
      } catch (error) {
        if (isConditionFailure(error)) throw new MeetingGone(`Meeting ${meetingId} has no transcript any more.`);
        throw error;
      }
    },
  };
}

export type ProcessingRepository = ReturnType<typeof createProcessingRepository>;

async function updateMeeting(
  client: DynamoDBDocumentClient, tableName: string, meetingId: string, expression: string,
  names: Record<string, string>, values: Record<string, unknown>, extraCondition?: string,
): Promise<void> {
  try {
    await client.send(new UpdateCommand({
      TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: expression,
      ConditionExpression: extraCondition ? `attribute_exists(pk) AND ${extraCondition}` : 'attribute_exists(pk)',
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    }));
  } catch (error) {
    if (isConditionFailure(error)) throw new MeetingGone(`Meeting ${meetingId} no longer exists.`);
    throw error;
  }
}
