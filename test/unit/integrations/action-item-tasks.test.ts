import { ValidationFailed } from '../../../functions/core/errors.js';
import {
  AUTO_STORE_MAX_ITEMS, chooseItems, INBOX_TASK_LIMIT, planAutoStore, storeItemsAsTasks, taskDraftFor, TaskSinkError,
  type ActionItemForTask, type TaskDraft, type TaskSink,
} from '../../../functions/core/integrations/action-item-tasks.js';

const meeting = { id: 'm-1', name: 'Weekly sync', appUrl: 'https://app.test/' };
const item = (number: number, extra: Partial<ActionItemForTask> = {}): ActionItemForTask => ({
  number, id: `item-${number}`, content: `Do thing ${number}`, timestamp_range: { start_time: 65, end_time: 3725 }, stored_in_todoist: false, ...extra,
});

class MemorySink implements TaskSink {
  readonly created: TaskDraft[] = [];
  constructor(private readonly failAt?: { index: number; error: TaskSinkError }) {}
  async openInboxTaskCount() { return this.created.length; }
  async createTask(draft: TaskDraft) {
    if (this.failAt && this.created.length === this.failAt.index) throw this.failAt.error;
    this.created.push(draft);
    return { taskId: String(this.created.length) };
  }
}

describe('choosing action items', () => {
  it('keeps the chosen items in the notes order', () => {
    expect(chooseItems([item(1), item(2), item(3)], [3, 1]).map((i) => i.number)).toEqual([1, 3]);
  });

  it('refuses an empty choice and numbers that are not items', () => {
    expect(() => chooseItems([item(1)], [])).toThrow(ValidationFailed);
    expect(() => chooseItems([item(1)], [1, 7, 7])).toThrow('These are not action items of this meeting: 7.');
  });
});

describe('the task for an action item', () => {
  it('names the owner, the meeting, the time range, links back to the notes and names the item', () => {
    const draft = taskDraftFor(item(1, { content: 'send the deck', owner: 'Alice', due: 'by Friday' }), meeting);
    expect(draft.content).toBe('Alice: send the deck');
    expect(draft.description).toBe('From the meeting "Weekly sync" (1:05–1:02:05).\nDue: by Friday.\nhttps://app.test/dashboard/m-1/notes\nMeetScribe action item: item-1');
    expect(draft.dueString).toBe('Friday');
  });

  it('does not repeat an owner the content already starts with, and has no due date when none was said', () => {
    const draft = taskDraftFor(item(1, { content: 'Alice: send the deck', owner: 'Alice' }), meeting);
    expect(draft.content).toBe('Alice: send the deck');
    expect(draft).not.toHaveProperty('dueString');
  });

  it('gives the same item of the same meeting the same request id (at most 36 bytes), and other items others', () => {
    const a = taskDraftFor(item(1), meeting).requestId;
    expect(taskDraftFor(item(1), meeting).requestId).toBe(a);
    expect(taskDraftFor(item(2), meeting).requestId).not.toBe(a);
    expect(taskDraftFor(item(1), { ...meeting, id: 'm-2' }).requestId).not.toBe(a);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(36);
  });

  it('cuts content past Todoist\'s 500 characters', () => {
    expect(taskDraftFor(item(1, { content: 'x'.repeat(600) }), meeting).content).toHaveLength(500);
  });
});

describe('auto-store plan', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => item(i + 1));

  it('stores every pending item when there is room', () => {
    expect(planAutoStore([...many(3), item(4, { stored_in_todoist: true })], 0)).toEqual({ toStore: many(3), skipped: 0 });
  });

  it(`stores at most ${AUTO_STORE_MAX_ITEMS} items of a meeting and says so`, () => {
    const plan = planAutoStore(many(60), 0);
    expect(plan.toStore).toHaveLength(AUTO_STORE_MAX_ITEMS);
    expect(plan.skipped).toBe(10);
    expect(plan.reason).toContain('At most 50 action items');
  });

  it(`fills the inbox up to ${INBOX_TASK_LIMIT} and says the rest did not fit`, () => {
    const plan = planAutoStore(many(5), INBOX_TASK_LIMIT - 2);
    expect(plan.toStore.map((i) => i.number)).toEqual([1, 2]);
    expect(plan.reason).toContain('holds 300 open tasks at most; 3 action items were not stored');
    expect(planAutoStore(many(2), INBOX_TASK_LIMIT + 5).toStore).toEqual([]);
  });
});

describe('storing items as tasks', () => {
  it('creates one task per item and keeps each task id by item number', async () => {
    const sink = new MemorySink();
    expect(await storeItemsAsTasks([item(1), item(2)], meeting, sink)).toEqual({ stored: [1, 2], taskIds: { 1: '1', 2: '2' } });
    expect(sink.created.map((d) => d.content)).toEqual(['Do thing 1', 'Do thing 2']);
  });

  it('stops at the first failure and reports what was stored', async () => {
    const error = new TaskSinkError('inbox_full', 'full');
    const outcome = await storeItemsAsTasks([item(1), item(2), item(3)], meeting, new MemorySink({ index: 1, error }));
    expect(outcome).toEqual({ stored: [1], taskIds: { 1: '1' }, failure: error });
  });
});
