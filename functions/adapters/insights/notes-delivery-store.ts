import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DeliverableNotes, DeliveryNotesStore } from '../../core/integrations/deliver-notes.js';
import { isConditionFailure } from '../dynamodb/client.js';
import { putNotesIfUnchanged, saveTodoistTaskPointers } from './action-items-store.js';
import { insightKeys } from './insight-keys.js';

const ATTEMPTS = 5;

/**
 * DeliveryNotesStore over the notes' status item (insights-store.ts): `stored_in_todoist` flags are written
 * with an optimistic check on the item's version, so two stores at once never lose a flag; the BasicOps note
 * and notices are written only while the notes are still the ones delivered (a regeneration makes new notes).
 */
export function createNotesDeliveryStore(db: DynamoDBDocumentClient, tableName: string, now: () => number = Date.now): DeliveryNotesStore {
  const key = (meetingId: string) => insightKeys.item(meetingId, 'notes');
  const read = async (meetingId: string) => (await db.send(new GetCommand({ TableName: tableName, Key: key(meetingId), ConsistentRead: true }))).Item;
  const sameNotes = { ConditionExpression: '#notes.#nid = :nid', ExpressionAttributeNames: { '#notes': 'notes', '#nid': 'notes_id' } };

  async function setIfSameNotes(meetingId: string, notesId: string, update: string, values: Record<string, unknown>) {
    try {
      await db.send(new UpdateCommand({
        TableName: tableName, Key: key(meetingId), UpdateExpression: update, ...sameNotes,
        ExpressionAttributeValues: { ':nid': notesId, ...values },
      }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  return {
    async meetingOfNotes(notesId) {
      const item = (await db.send(new GetCommand({ TableName: tableName, Key: insightKeys.notesPointer(notesId) }))).Item;
      return typeof item?.meetingId === 'string' ? item.meetingId : undefined;
    },

    async load(meetingId) {
      const item = await read(meetingId);
      if (item?.status !== 'ready' || !item.notes) return undefined;
      return { ...(item.notes as DeliverableNotes), ...(item.basicopsNote?.viewUrl ? { basicops_note_url: item.basicopsNote.viewUrl as string } : {}) };
    },

    async markStoredInTodoist(meetingId, notesId, numbers, taskIds = {}) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const item = await read(meetingId);
        const notes = item?.notes as DeliverableNotes | undefined;
        if (!item || notes?.notes_id !== notesId) return undefined;
        const updated = { ...notes, action_items: notes.action_items.map((i) => (numbers.includes(i.number)
          ? { ...i, stored_in_todoist: true, ...(taskIds[i.number] ? { todoist_task_id: taskIds[i.number] } : {}) } : i)) };
        // The task → item pointers first: a completion in Todoist can then always find its item (action-items-store.ts).
        await saveTodoistTaskPointers(db, tableName, meetingId, updated.action_items.flatMap((i) => (numbers.includes(i.number) && taskIds[i.number]
          ? [{ itemId: i.id, taskId: taskIds[i.number]! }] : [])));
        try {
          if (await putNotesIfUnchanged(db, tableName, item, updated, now)) return updated;
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
        }
      }
      throw new Error('The notes kept changing while their action items were marked stored.');
    },

    saveBasicOpsNote: (meetingId, notesId, note) => setIfSameNotes(meetingId, notesId, 'SET basicopsNote = :note', { ':note': { id: note.id,
      viewUrl: note.viewUrl } }),

    saveDeliveryNotice: (meetingId, notesId, notice) =>
      setIfSameNotes(meetingId, notesId, 'SET deliveryNotices = list_append(if_not_exists(deliveryNotices, :none), :notice)', { ':none': [],
        ':notice': [notice.slice(0, 500)] }),
  };
}
