import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MeetingGone } from '../../core/pipeline/errors.js';
import type { TranscriptRecord, Transcripts } from '../../core/pipeline/ports.js';
import type { SpeakerNames } from '../../core/transcripts/speaker-names.js';
import { isConditionFailure } from './client.js';
import { processingKeys } from './processing-keys.js';

/** The transcript pointer (`TRANSCRIPT` under the meeting) with its speakers and their names. */
export function createTranscripts(client: DynamoDBDocumentClient, tableName: string): Transcripts {
  const get = async (key: Record<string, string>) =>
    (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;

  return {
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
