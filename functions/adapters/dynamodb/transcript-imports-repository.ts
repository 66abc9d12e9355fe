import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProcessingState } from '../../core/pipeline/processing-status.js';
import type { TranscriptImportPorts } from '../../core/transcripts/import/import-transcript.js';
import { isConditionFailure } from './client.js';
import { meetingKeys } from './meetings-repository.js';

/**
 * The transcript import's hold on a meeting: its processing state, put only where none is (one conditional update,
 * so two imports, or an import and a recording's run, cannot both start), and taken back if processing cannot start.
 */
export function createTranscriptImports(client: DynamoDBDocumentClient, tableName: string): TranscriptImportPorts['imports'] {
  return {
    async claimMeetingForImport(meetingId: string, state: ProcessingState): Promise<boolean> {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: 'SET #p = :p',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#p) OR #p = :null)',
          ExpressionAttributeNames: { '#p': 'processing' }, ExpressionAttributeValues: { ':p': state, ':null': null },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async releaseImport(meetingId: string, importId: string): Promise<void> {
      try {
        await client.send(new UpdateCommand({
          TableName: tableName, Key: meetingKeys.meeting(meetingId), UpdateExpression: 'REMOVE #p',
          ConditionExpression: '#p.#etag = :id AND #p.#status = :queued',
          ExpressionAttributeNames: { '#p': 'processing', '#etag': 'uploadEtag', '#status': 'status' },
          ExpressionAttributeValues: { ':id': importId, ':queued': 'queued' },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
