import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure } from '../dynamodb/client.js';
import { insightKeys } from './insight-keys.js';

/**
 * Marks a meeting's ready notes as made from an earlier transcript (issue 17): a corrected transcript line sets
 * `transcriptEditedAt` on the notes' status item. Saving new notes (a regeneration) puts the item afresh, which
 * clears the mark; storing action items in Todoist keeps it. No notes yet (or failed ones) → nothing to mark.
 */
export function createNotesOutdatedMarker(db: DynamoDBDocumentClient, tableName: string) {
  return {
    async markTranscriptEdited(meetingId: string, at: string): Promise<void> {
      try {
        await db.send(new UpdateCommand({
          TableName: tableName, Key: insightKeys.item(meetingId, 'notes'),
          UpdateExpression: 'SET transcriptEditedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND #s = :ready',
          ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':at': at, ':ready': 'ready' },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
