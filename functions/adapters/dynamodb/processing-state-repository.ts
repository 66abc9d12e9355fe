import { UpdateCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MeetingGone } from '../../core/pipeline/errors.js';
import type { RecordingFactsStore } from '../../core/meetings/recording-facts.js';
import type { ProcessingStates } from '../../core/pipeline/ports.js';
import type { ProcessingState } from '../../core/pipeline/processing-status.js';
import type { StatePatch } from '../../core/pipeline/ports.js';
import { isConditionFailure } from './client.js';
import { meetingKeys } from './meetings-repository.js';

/** The meeting item's `processing` state, as the pipeline writes it. */
export function createProcessingStates(client: DynamoDBDocumentClient, tableName: string): ProcessingStates {
  return {
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
  };
}

/** The meeting's fields a processed recording fills in (core/meetings/recording-facts.ts), each write conditional. */
export function createRecordingFacts(client: DynamoDBDocumentClient, tableName: string): RecordingFactsStore {
  /** SET `expression` only where `condition` holds; false when it did not (the meeting exists either way). */
  const setIf = async (meetingId: string, expression: string, condition: string, names: Record<string, string> | undefined,
    values: Record<string, unknown>): Promise<boolean> => {
    try {
      await client.send(new UpdateCommand({
        TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: expression,
        ConditionExpression: `attribute_exists(pk) AND ${condition}`, ...(names ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  };
  return {
    async markRecordingAvailable(meetingId: string): Promise<void> {
      await updateMeeting(client, tableName, meetingId, 'SET recordingAvailable = :t', {}, { ':t': true });
    },
    /** An end time the host set meanwhile is kept. */
    fillEndTime: (meetingId: string, endTime: string) => setIf(meetingId, 'SET endTime = :e',
      '(attribute_not_exists(endTime) OR endTime = :null)', undefined, { ':e': endTime, ':null': null }),
    /** A name set meanwhile (the browser naming the meeting after all) is kept. */
    nameUnnamedUpload: (meetingId: string, placeholder: string, name: string) => setIf(meetingId, 'SET #n = :name',
      '#n = :placeholder', { '#n': 'name' }, { ':name': name, ':placeholder': placeholder }),
  };
}

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
