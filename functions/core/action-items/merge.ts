/**
 * A regenerate drafts the notes again; the host's work on the action items survives it (issue 27 item 6, issue 33):
 * items are matched by id, else by span and text; a matched item keeps its id, status, Todoist task and every field
 * the host edited; items the host worked on stay even when the new draft lacks them; deleted items never come back.
 */
import type { ActionItem, DeletedActionItem, MeetingNotes, TimestampRange } from '../notes/model.js';

const STOP = new Set('a an the to of and or for on in at by with from is are be will i you we they it this that their my your our'.split(' '));

/** Content words of an item's text, without its "Owner:" prefix. */
function words(content: string): Set<string> {
  const text = content.replace(/^[^:]{1,60}:\s*/, '').toLowerCase();
  return new Set(text.split(/[^a-z0-9']+/).filter((w) => w && !STOP.has(w)));
}

function dice(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** Overlap of two spans as a share of the shorter one (spans within 2 s of each other count as touching). */
function spanOverlap(a: TimestampRange, b: TimestampRange): number {
  const overlap = Math.min(a.end_time, b.end_time) - Math.max(a.start_time, b.start_time);
  const shorter = Math.max(0.5, Math.min(a.end_time - a.start_time, b.end_time - b.start_time));
  return overlap >= -2 ? Math.max(overlap, 0.5) / shorter : 0;
}

/** Is `fresh` the same item as `old` (drafted again)? */
export function sameItem(
  fresh: Pick<ActionItem, 'id' | 'content' | 'timestamp_range'>,
  old: Pick<ActionItem, 'id' | 'content' | 'timestamp_range'> & { edited?: readonly string[] },
): boolean {
  if (fresh.id === old.id) return true;
  const text = dice(words(fresh.content), words(old.content));
  if (text >= 0.9) return true;
  const span = spanOverlap(fresh.timestamp_range, old.timestamp_range);
  return span >= 0.5 && (text >= 0.5 || (old.edited?.includes('content') ?? false));
}

const carriesHostWork = (item: ActionItem) =>
  (item.edited?.length ?? 0) > 0 || item.status === 'done' || item.stored_in_todoist || item.due_date !== undefined || item.kept === true;

function adopt(drafted: ActionItem, old: ActionItem): ActionItem {
  const edited = old.edited ?? [];
  const { suggested: _suggested, ...unsuggested } = drafted;
  const fresh = old.kept ? { ...unsuggested, kept: true as const } : drafted;
  return {
    ...fresh,
    id: old.id,
    content: edited.includes('content') ? old.content : fresh.content,
    owner: edited.includes('owner') ? old.owner : fresh.owner,
    due: edited.includes('due') ? old.due : fresh.due,
    stored_in_todoist: old.stored_in_todoist || fresh.stored_in_todoist,
    ...(old.status ? { status: old.status } : {}),
    ...(old.status_changed_at ? { status_changed_at: old.status_changed_at } : {}),
    ...(old.due_date !== undefined ? { due_date: old.due_date } : {}),
    ...(edited.length > 0 ? { edited } : {}),
    ...(old.todoist_task_id ? { todoist_task_id: old.todoist_task_id } : {}),
  };
}

/**
 * `fresh` (just drafted) with the host's work on `previous` kept: see the module comment. Items come out in meeting
 * order, numbered from 1; the deleted items are carried over.
 */
export function keepHostWork(previous: MeetingNotes | undefined, fresh: MeetingNotes): MeetingNotes {
  if (!previous) return fresh;
  const deleted: DeletedActionItem[] = previous.deleted_action_items ?? [];
  const unmatched = [...previous.action_items];
  const items: ActionItem[] = [];
  for (const item of fresh.action_items) {
    if (deleted.some((d) => sameItem(item, d))) continue;
    const at = unmatched.findIndex((old) => sameItem(item, old));
    if (at < 0) { items.push(item); continue; }
    items.push(adopt(item, unmatched[at]!));
    unmatched.splice(at, 1);
  }
  items.push(...unmatched.filter(carriesHostWork));
  const ordered = items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.timestamp_range.start_time - b.item.timestamp_range.start_time || a.i - b.i)
    .map(({ item }, i) => ({ ...item, number: i + 1 }));
  return { ...fresh, action_items: ordered, ...(deleted.length > 0 ? { deleted_action_items: deleted } : {}) };
}
