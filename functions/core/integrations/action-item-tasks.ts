/**
 * Action items → tasks in the user's task service (spec §7 "store_action_items_in_t", §9 auto-store
 * limits). Pure rules: which items, what each task says, how many fit. The TaskSink port does the calls.
 */
import { createHash } from 'node:crypto';
import { ValidationFailed } from '../errors.js';
import { formatDisplayTime } from '../transcripts/format.js';

/** Auto-store takes at most this many action items of one meeting (spec §9). */
export const AUTO_STORE_MAX_ITEMS = 50;
/** A Todoist project (the inbox) holds at most this many open tasks (spec §9; Todoist's usage limits). */
export const INBOX_TASK_LIMIT = 300;
const CONTENT_MAX = 500;
const DUE_STRING_MAX = 150;

export interface ActionItemForTask {
  readonly number: number;
  readonly id: string;
  readonly content: string;
  readonly timestamp_range: { readonly start_time: number; readonly end_time: number };
  readonly stored_in_todoist: boolean;
  /** The person who owns the item, by labelled speaker name, when the notes name one. */
  readonly owner?: string | null;
  /** The deadline as said in the meeting ("by Friday"), when one was said. */
  readonly due?: string | null;
}

export interface MeetingForTask { readonly id: string; readonly name: string; readonly appUrl: string }

export interface TaskDraft {
  /** Idempotency key (≤ 36 bytes): the same item of the same meeting always gives the same key. */
  readonly requestId: string;
  readonly content: string;
  readonly description: string;
  /** Said deadline for the service to read; the sink drops it when the service cannot read it. */
  readonly dueString?: string;
}

/** Port: the user's task service. Implementations throw TaskSinkError. */
export interface TaskSink {
  openInboxTaskCount(): Promise<number>;
  createTask(draft: TaskDraft): Promise<{ readonly taskId: string }>;
}

export type TaskSinkFailure = 'unauthorized' | 'inbox_full' | 'rejected' | 'unavailable';
export class TaskSinkError extends Error {
  readonly name = 'TaskSinkError';
  constructor(readonly kind: TaskSinkFailure, message: string) { super(message); }
}

/** The items the host ticked, in their order; 400 naming any number that is not an item of these notes. */
export function chooseItems(items: readonly ActionItemForTask[], numbers: readonly number[]): ActionItemForTask[] {
  if (numbers.length === 0) throw new ValidationFailed({ actionItemNumbers: ['Choose at least one action item.'] });
  const unknown = numbers.filter((n) => !items.some((item) => item.number === n));
  if (unknown.length > 0) {
    throw new ValidationFailed({ actionItemNumbers: [`These are not action items of this meeting: ${[...new Set(unknown)].join(', ')}.`] });
  }
  return items.filter((item) => numbers.includes(item.number));
}

export function taskDraftFor(item: ActionItemForTask, meeting: MeetingForTask): TaskDraft {
  const text = item.owner && !item.content.toLowerCase().startsWith(`${item.owner.toLowerCase()}:`) ? `${item.owner}: ${item.content}` : item.content;
  const content = text.length > CONTENT_MAX ? `${text.slice(0, CONTENT_MAX - 1)}…` : text;
  const range = `${formatDisplayTime(item.timestamp_range.start_time)}–${formatDisplayTime(item.timestamp_range.end_time)}`;
  const link = `${meeting.appUrl.replace(/\/+$/, '')}/dashboard/${encodeURIComponent(meeting.id)}/notes`;
  // The item's id lets a person (and GET /dev/todoist/) tell which MeetScribe item a task came from.
  const description = [`From the meeting "${meeting.name}" (${range}).`, item.due ? `Due: ${item.due}.` : undefined, link, `MeetScribe action item: ${item.id}`]
    .filter(Boolean).join('\n');
  const dueString = item.due?.trim().replace(/^(?:by|before|until|due)\s+/i, '');
  return {
    requestId: createHash('sha256').update(`${meeting.id}\u0000${item.id}`).digest('hex').slice(0, 36),
    content,
    description,
    ...(dueString && dueString.length <= DUE_STRING_MAX ? { dueString } : {}),
  };
}

export interface AutoStorePlan {
  readonly toStore: ActionItemForTask[];
  /** Items left out, and why, in words for the user. */
  readonly skipped: number;
  readonly reason?: string;
}

/** Auto-store: the meeting's not-yet-stored items, at most 50, and no more than the inbox has room for. */
export function planAutoStore(items: readonly ActionItemForTask[], openInboxTasks: number): AutoStorePlan {
  const pending = items.filter((item) => !item.stored_in_todoist);
  const room = Math.max(0, INBOX_TASK_LIMIT - openInboxTasks);
  const count = Math.min(pending.length, AUTO_STORE_MAX_ITEMS, room);
  const skipped = pending.length - count;
  if (skipped === 0) return { toStore: pending, skipped: 0 };
  const reason = count < Math.min(pending.length, AUTO_STORE_MAX_ITEMS)
    ? `Your Todoist inbox holds ${INBOX_TASK_LIMIT} open tasks at most; ${skipped} action item${skipped === 1 ? ' was' :
      's were'} not stored. Complete some tasks in Todoist and add the rest from the notes.`
    : `At most ${AUTO_STORE_MAX_ITEMS} action items of a meeting are stored automatically; add the other ${skipped} from the notes.`;
  return { toStore: pending.slice(0, count), skipped, reason };
}

export interface StoreOutcome {
  readonly stored: number[];
  /** Item number → the id of the task made from it (completions in Todoist come back by it). */
  readonly taskIds: Record<number, string>;
  readonly failure?: TaskSinkError;
}

/**
 * Creates one task per item, in order, stopping at the first failure so what was stored is known.
 * Idempotent: a retried item has the same request id, so the service keeps one task.
 */
export async function storeItemsAsTasks(items: readonly ActionItemForTask[], meeting: MeetingForTask, sink: TaskSink): Promise<StoreOutcome> {
  const stored: number[] = [];
  const taskIds: Record<number, string> = {};
  for (const item of items) {
    try {
      taskIds[item.number] = (await sink.createTask(taskDraftFor(item, meeting))).taskId;
      stored.push(item.number);
    } catch (error) {
      if (error instanceof TaskSinkError) return { stored, taskIds, failure: error };
      throw error;
    }
  }
  return { stored, taskIds };
}
