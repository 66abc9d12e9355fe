import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Chapter } from '../../core/chapters/model.js';
import type { InsightKind, InsightState, InsightsStore, SentimentsDocument } from '../../core/insights/model.js';
import type { MeetingNotes } from '../../core/notes/model.js';
import { isConditionFailure } from '../dynamodb/client.js';
import type { MediaBucket } from '../storage/media-bucket.js';
import { insightKeys } from './insight-keys.js';

/** The notes of a ready notes item, with what delivery to Todoist/BasicOps recorded (notes-delivery-store.ts) beside them. */
function notesOfItem(item: Record<string, any>): MeetingNotes {
  return {
    ...(item.notes as MeetingNotes),
    ...(item.basicopsNote?.viewUrl ? { basicops_note_url: item.basicopsNote.viewUrl as string } : {}),
    ...(Array.isArray(item.deliveryNotices) && item.deliveryNotices.length > 0 ? { delivery_notices: item.deliveryNotices as string[] } : {}),
    // A transcript line corrected after these notes were made (notes-outdated.ts).
    ...(typeof item.transcriptEditedAt === 'string' ? { transcript_edited_at: item.transcriptEditedAt } : {}),
  };
}

/** Insight status items in the table, the sentiment series as JSON in the media bucket. */
export function createInsightsStore(db: DynamoDBDocumentClient, tableName: string, files: Pick<MediaBucket, 'getJson' | 'putJson'>, now: () =>
  number = Date.now): InsightsStore<MeetingNotes> & {
  saveChapters(meetingId: string, chapters: readonly Chapter[]): Promise<boolean>;
} {
  const get = async (meetingId: string, kind: InsightKind) =>
    (await db.send(new GetCommand({ TableName: tableName, Key: insightKeys.item(meetingId, kind), ConsistentRead: true }))).Item;
  const putReady = (meetingId: string, kind: InsightKind, extra: Record<string, unknown>) =>
    db.send(new PutCommand({
      TableName: tableName,
      Item: { ...insightKeys.item(meetingId, kind), type: 'Insight', meetingId, kind, status: 'ready', updatedAt: new Date(now()).toISOString(), ...extra },
    }));

  return {
    async state(meetingId, kind) {
      const item = await get(meetingId, kind);
      if (!item) return undefined;
      const state: InsightState = { status: item.status, updatedAt: item.updatedAt, ...(item.reason ? { reason: item.reason } : {}) };
      return state;
    },

    async saveSentiments(meetingId, document) {
      const key = insightKeys.sentimentsObject(meetingId);
      await files.putJson(key, document);
      await putReady(meetingId, 'sentiments', { objectKey: key, sentences: document.sentiments_data.length });
    },

    async loadSentiments(meetingId) {
      const item = await get(meetingId, 'sentiments');
      if (item?.status !== 'ready' || typeof item.objectKey !== 'string') return undefined;
      return files.getJson<SentimentsDocument>(item.objectKey);
    },

    async saveNotes(meetingId, notes) {
      await db.send(new PutCommand({ TableName: tableName, Item: { ...insightKeys.notesPointer(notes.notes_id), type: 'NotesPointer', meetingId } }));
      await putReady(meetingId, 'notes', { notes });
    },

    /** Sets the chapters of ready notes, leaving the rest of the item (delivery records) as it is; false when the notes are not ready. */
    async saveChapters(meetingId: string, chapters: readonly Chapter[]) {
      try {
        await db.send(new UpdateCommand({
          TableName: tableName, Key: insightKeys.item(meetingId, 'notes'),
          UpdateExpression: 'SET #notes.#chapters = :chapters',
          ConditionExpression: '#s = :ready AND attribute_exists(#notes)',
          ExpressionAttributeNames: { '#notes': 'notes', '#chapters': 'chapters', '#s': 'status' },
          ExpressionAttributeValues: { ':chapters': chapters, ':ready': 'ready' },
        }));
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async loadNotes(meetingId) {
      const item = await get(meetingId, 'notes');
      return item?.status === 'ready' ? notesOfItem(item) : undefined;
    },

    async markFailed(meetingId, kind, reason) {
      try {
        await db.send(new PutCommand({
          TableName: tableName,
          Item: { ...insightKeys.item(meetingId, kind), type: 'Insight', meetingId, kind, status: 'failed', reason: reason.slice(0, 1000),
            updatedAt: new Date(now()).toISOString() },
          ConditionExpression: 'attribute_not_exists(pk) OR #s <> :ready',
          ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':ready': 'ready' },
        }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
