/**
 * `PATCH action_items/{id}/` and `DELETE action_items/{id}/` (issue 33): the host edits text, owner and due, marks
 * done or open, deletes; a participant marks the items assigned to them done or open. The item is looked up among the
 * meetings the caller can read, so an item elsewhere is a 404 as if it did not exist.
 */
import { ACTION_ITEM_MESSAGES, type ActionItemRow, type UpdateActionItemRequest } from '../../contracts/action-items.js';
import { MEETING_MESSAGES } from '../../contracts/meetings.js';
import { Forbidden, NotFound } from '../errors.js';
import { isSampleMeeting, type Caller } from '../meetings/access.js';
import type { ActionItem, EditableActionItemField, MeetingNotes } from '../notes/model.js';
import { readableRows, toRow } from './ledger.js';
import type { EditDeps } from './model.js';
import { isOwnedBy } from './owners.js';

async function findRow(d: EditDeps, caller: Caller, itemId: string): Promise<{ row: ActionItemRow; names: string[] }> {
  const { rows, names } = await readableRows(d, caller);
  const row = rows.find((r) => r.id === itemId);
  if (!row) throw new NotFound(ACTION_ITEM_MESSAGES.notFound);
  if (isSampleMeeting(row.meeting_id)) throw new Forbidden(MEETING_MESSAGES.sampleReadOnly);
  return { row, names };
}

/** The item kept by the host: no longer a suggestion (a regenerate keeps it, see merge.ts). */
function withoutSuggestion(item: ActionItem): ActionItem {
  const { suggested: _kept, ...rest } = item;
  return { ...rest, kept: true };
}

/** The item with the host's changes; `edited` records which fields the host changed. */
export function applyEdit(item: ActionItem, change: UpdateActionItemRequest, now: string): ActionItem {
  const edited = new Set<EditableActionItemField>(item.edited ?? []);
  let next: ActionItem = { ...item };
  if (change.content !== undefined && change.content !== item.content) { next = { ...next, content: change.content }; edited.add('content'); }
  if (change.owner !== undefined && change.owner !== item.owner) { next = { ...next, owner: change.owner }; edited.add('owner'); }
  if (change.due !== undefined && change.due !== item.due) {
    // A new due text is read again (relative to the meeting) unless the host also picks the date.
    const { due_date: _dropped, ...rest } = next;
    next = { ...rest, due: change.due };
    edited.add('due');
  }
  if (change.due_date !== undefined) { next = { ...next, due_date: change.due_date }; edited.add('due'); }
  if (change.status !== undefined && change.status !== (item.status ?? 'open')) next = { ...next, status: change.status, status_changed_at: now };
  const hostEdited = edited.size > (item.edited?.length ?? 0);
  if (change.kept || (item.suggested && hostEdited)) next = withoutSuggestion(next);
  return edited.size > 0 ? { ...next, edited: [...edited] } : next;
}

/**
 * Applies the change and answers the item's new row. Throws NotFound (not an item of a meeting the caller reads),
 * Forbidden (a sample meeting; a participant changing more than the status, or an item not theirs).
 * Marking done or open closes or reopens its Todoist task (best effort: a Todoist failure is logged, the change stays).
 */
export async function updateActionItem(d: EditDeps, caller: Caller, itemId: string, change: UpdateActionItemRequest): Promise<ActionItemRow> {
  const { row, names } = await findRow(d, caller, itemId);
  const onlyStatus = Object.entries(change).every(([key, value]) => key === 'status' || value === undefined);
  if (!row.can_edit) {
    if (!onlyStatus) throw new Forbidden(ACTION_ITEM_MESSAGES.hostOnly);
    if (!isOwnedBy(row.owner, names)) throw new Forbidden(ACTION_ITEM_MESSAGES.ownOnly);
  }
  const now = new Date(d.clock()).toISOString();
  let before: ActionItem | undefined;
  const stored = await d.items.change(row.meeting_id, (notes) => {
    before = notes.action_items.find((i) => i.id === itemId);
    if (!before) return undefined;
    const after = applyEdit(before, change, now);
    return { ...notes, action_items: notes.action_items.map((i) => (i.id === itemId ? after : i)) };
  });
  const item = stored?.action_items.find((i) => i.id === itemId);
  if (!item || !before) throw new NotFound(ACTION_ITEM_MESSAGES.notFound);
  await syncTodoist(d, row.meeting_id, before, item);
  const [meeting] = await d.meetings.findMeetings([row.meeting_id]);
  if (!meeting) throw new NotFound(ACTION_ITEM_MESSAGES.notFound);
  return toRow(meeting, item, caller, names);
}

async function syncTodoist(d: EditDeps, meetingId: string, before: ActionItem, after: ActionItem): Promise<void> {
  if (!d.tasks || !after.todoist_task_id || (before.status ?? 'open') === (after.status ?? 'open')) return;
  const aggregate = await d.meetingAccess.find(meetingId);
  if (!aggregate) return;
  try {
    await d.tasks.setDone(aggregate.meeting.hostUserId, after.todoist_task_id, after.status === 'done');
  } catch (error) {
    d.log?.('Could not change the Todoist task of an action item', { meetingId, itemId: after.id, error: (error as Error).message });
  }
}

/** The notes without the item, which is kept aside so a regenerate does not draft it again; items renumbered. */
export function withoutItem(notes: MeetingNotes, itemId: string): MeetingNotes | undefined {
  const item = notes.action_items.find((i) => i.id === itemId);
  if (!item) return undefined;
  return {
    ...notes,
    action_items: notes.action_items.filter((i) => i.id !== itemId).map((i, n) => ({ ...i, number: n + 1 })),
    deleted_action_items: [...(notes.deleted_action_items ?? []), { id: item.id, content: item.content, timestamp_range: item.timestamp_range }],
  };
}

/** Deletes the item (host only). Throws NotFound or Forbidden as updateActionItem does. Its Todoist task is left alone. */
export async function deleteActionItem(d: EditDeps, caller: Caller, itemId: string): Promise<void> {
  const { row } = await findRow(d, caller, itemId);
  if (!row.can_edit) throw new Forbidden(ACTION_ITEM_MESSAGES.hostOnly);
  let found = false;
  await d.items.change(row.meeting_id, (notes) => {
    const next = withoutItem(notes, itemId);
    found = next !== undefined;
    return next;
  });
  if (!found) throw new NotFound(ACTION_ITEM_MESSAGES.notFound);
}
