import { UpdateCommand, GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MeetingGone } from '../../core/pipeline/errors.js';
import type { ProcessingStates } from '../../core/pipeline/ports.js';
import type { ProcessingState } from '../../core/pipeline/processing-status.js';
import type { StatePatch } from '../../core/pipeline/ports.js';
import { isConditionFailure } from './client.js';
import { meetingKeys } from './meetings-repository.js';

/** The meeting item as the pipeline writes it: its `processing` state, end time, recording flag and arrival name. */
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
