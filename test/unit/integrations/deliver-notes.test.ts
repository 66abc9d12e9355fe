import { Forbidden, NotFound, ValidationFailed } from '../../../functions/core/errors.js';
import { TaskSinkError, type TaskDraft, type TaskSink } from '../../../functions/core/integrations/action-item-tasks.js';
import {
  DELIVERY_MESSAGES, deliverReadyNotes, ProviderUnavailable, storeActionItemsInTodoist,
  type DeliverableNotes, type DeliveryDeps, type DeliveryNotesStore,
} from '../../../functions/core/integrations/deliver-notes.js';
import { NotesSinkError, type NoteDraft, type NotesSink } from '../../../functions/core/integrations/meeting-note.js';
import type { Connection } from '../../../functions/core/integrations/ports.js';
import type { MeetingAggregate } from '../../../functions/core/meetings/model.js';
import { memoryConnections } from './memory-ports.js';

const host = { userId: 'u-host', email: 'host@example.com' };
const guest = { userId: 'u-guest', email: 'guest@example.com' };
const stranger = { userId: 'u-x', email: 'x@example.com' };

const aggregate: MeetingAggregate = {
  meeting: { id: 'm1', name: 'Weekly sync', startTime: '2026-11-20T09:00:00Z', endTime: null, recordingAvailable: true, boardsShared: 0, createdAt: '', hostUserId: host.userId },
  attendees: [{ id: 'a1', email: host.email, name: 'Host', role: 'host' }, { id: 'a2', email: guest.email, name: 'Guest', role: 'participant' }],
};

const item = (number: number, extra: Record<string, unknown> = {}) => ({
  number, id: `i${number}`, content: `thing ${number}`, timestamp_range: { start_time: 0, end_time: 5 }, stored_in_todoist: false, owner: null, due: null, ...extra,
});

function memoryNotes(initial: DeliverableNotes): DeliveryNotesStore & { current: DeliverableNotes; notices: string[] } {
  const store = {
    current: initial,
    notices: [] as string[],
    async meetingOfNotes(id: string) { return id === store.current.notes_id ? 'm1' : undefined; },
    async load() { return structuredClone(store.current); },
    async markStoredInTodoist(_m: string, notesId: string, numbers: readonly number[]) {
      if (notesId !== store.current.notes_id) return undefined;
      store.current = { ...store.current, action_items: store.current.action_items.map((i) => (numbers.includes(i.number) ? { ...i, stored_in_todoist: true } : i)) };
      return structuredClone(store.current);
    },
    async saveBasicOpsNote(_m: string, _n: string, note: { viewUrl: string }) { store.current = { ...store.current, basicops_note_url: note.viewUrl }; },
    async saveDeliveryNotice(_m: string, _n: string, notice: string) { store.notices.push(notice); },
  };
  return store;
}

class MemoryTasks implements TaskSink {
  readonly created: TaskDraft[] = [];
  constructor(private readonly open = 0, private readonly failOn?: { index: number; error: TaskSinkError }) {}
  async openInboxTaskCount() { return this.open; }
  async createTask(draft: TaskDraft) {
    if (this.failOn && this.created.length === this.failOn.index) throw this.failOn.error;
    this.created.push(draft);
    return { taskId: String(this.created.length) };
  }
}

class MemoryNotesSink implements NotesSink {
  readonly notes: NoteDraft[] = [];
  constructor(private readonly fail?: NotesSinkError) {}
  async listProjects() { return [{ id: '10', title: 'General' }, { id: '11', title: 'Meetings' }]; }
  async createNote(draft: NoteDraft) {
    if (this.fail) throw this.fail;
    this.notes.push(draft);
    return { id: '99', viewUrl: 'https://basicops.test/note/99' };
  }
}

const connection = (service: Connection['service'], settings: Partial<Connection['settings']> = {}): Connection => ({
  userId: host.userId, service, tokenVersion: 1, needsReauthorization: false, sealedTokens: 'x', settings: { autoShare: false, autoRecord: false, ...settings }, connectedAt: '',
});

async function setup(options: { items?: ReturnType<typeof item>[]; tasks?: TaskSink | Error; notesSink?: NotesSink; connections?: Connection[] } = {}) {
  const notes = memoryNotes({ notes_id: 'n1', overview: 'We met.', summary: ['One.'], decisions: [{ content: 'Ship it.' }], action_items: options.items ?? [item(1), item(2, { owner: 'Ana', due: 'Friday' }), item(3)] });
  const connections = memoryConnections();
  for (const c of options.connections ?? []) await connections.put(c);
  const tasks = options.tasks ?? new MemoryTasks();
  const notesSink = options.notesSink ?? new MemoryNotesSink();
  const deps: DeliveryDeps = {
    notes, meetings: { find: async (id) => (id === 'm1' ? aggregate : undefined) }, connections,
    taskSinkFor: async () => { if (tasks instanceof Error) throw tasks; return tasks; },
    notesSinkFor: () => notesSink, appUrl: 'https://app.test',
  };
  return { deps, notes, tasks, notesSink };
}

const named = (name: string) => Object.assign(new Error(name), { name });

describe('Add to Todoist (store_action_items_in_t)', () => {
  it('stores the chosen items for the host and answers them marked stored', async () => {
    const { deps, tasks } = await setup();
    const answer = await storeActionItemsInTodoist(deps, host, 'n1', [2, 3]);
    expect(answer.action_items.map((i) => [i.number, i.stored_in_todoist])).toEqual([[1, false], [2, true], [3, true]]);
    expect((tasks as MemoryTasks).created.map((t) => t.content)).toEqual(['Ana: thing 2', 'thing 3']);
  });

  it('gives the tasks and the answer the speakers\' current names (issue 30)', async () => {
    const { deps, tasks } = await setup({ items: [item(1, { content: 'send the deck', owner: 'Speaker 2' })] });
    const renamed = { ...deps, speakerNames: async () => ({ 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Ana Ruiz' }) };

    const answer = await storeActionItemsInTodoist(renamed, host, 'n1', [1]);

    expect((tasks as MemoryTasks).created.map((t) => t.content)).toEqual(['Ana Ruiz: send the deck']);
    expect(answer.action_items.map((i) => i.owner)).toEqual(['Ana Ruiz']);
  });

  it('is for the host only: 403 for a participant, 404 for others and for unknown notes', async () => {
    const { deps } = await setup();
    await expect(storeActionItemsInTodoist(deps, guest, 'n1', [1])).rejects.toBeInstanceOf(Forbidden);
    await expect(storeActionItemsInTodoist(deps, stranger, 'n1', [1])).rejects.toBeInstanceOf(NotFound);
    await expect(storeActionItemsInTodoist(deps, host, 'nope', [1])).rejects.toBeInstanceOf(NotFound);
  });

  it('says to connect or authorize Todoist again when there is no usable token', async () => {
    await expect(storeActionItemsInTodoist((await setup({ tasks: named('NotConnected') })).deps, host, 'n1', [1])).rejects.toThrow(DELIVERY_MESSAGES.todoistNotConnected);
    await expect(storeActionItemsInTodoist((await setup({ tasks: named('ReauthorizationRequired') })).deps, host, 'n1', [1])).rejects.toThrow(DELIVERY_MESSAGES.todoistReauthorize);
  });

  it('keeps what was stored before a full inbox and says why; an unreachable Todoist is a 503', async () => {
    const full = await setup({ tasks: new MemoryTasks(0, { index: 1, error: new TaskSinkError('inbox_full', 'full') }) });
    const error = await storeActionItemsInTodoist(full.deps, host, 'n1', [1, 2]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as Error).message).toBe(DELIVERY_MESSAGES.inboxFull);
    expect(full.notes.current.action_items.map((i) => i.stored_in_todoist)).toEqual([true, false, false]);

    const down = await setup({ tasks: new MemoryTasks(0, { index: 0, error: new TaskSinkError('unavailable', 'down') }) });
    await expect(storeActionItemsInTodoist(down.deps, host, 'n1', [1])).rejects.toBeInstanceOf(ProviderUnavailable);
  });
});

describe('delivery when notes are ready', () => {
  it('does nothing without connections or with auto-store off', async () => {
    const { deps, tasks } = await setup({ connections: [connection('todoist', { autoStoreToInbox: false })] });
    expect(await deliverReadyNotes(deps, 'm1')).toEqual({ todoist: 'off', basicops: 'off' });
    expect((tasks as MemoryTasks).created).toEqual([]);
  });

  it('auto-stores the unstored items in Todoist and the notes in the chosen BasicOps project, once', async () => {
    const { deps, tasks, notesSink, notes } = await setup({
      items: [item(1), item(2, { stored_in_todoist: true })],
      connections: [connection('todoist', { autoStoreToInbox: true }), connection('basicops', { projectId: '11' })],
    });
    expect(await deliverReadyNotes(deps, 'm1')).toEqual({ todoist: 'stored', basicops: 'stored' });
    expect((tasks as MemoryTasks).created.map((t) => t.content)).toEqual(['thing 1']);
    const note = (notesSink as MemoryNotesSink).notes[0]!;
    expect(note).toMatchObject({ projectId: '11', title: 'Meeting notes: Weekly sync (2026-11-20)' });
    expect(note.content).toContain('Decisions\n- Ship it.');
    expect(notes.current.basicops_note_url).toBe('https://basicops.test/note/99');

    expect(await deliverReadyNotes(deps, 'm1')).toEqual({ todoist: 'off', basicops: 'already' });
    expect((notesSink as MemoryNotesSink).notes).toHaveLength(1);
  });

  it('respects the inbox room and says how many were left out', async () => {
    const { deps, tasks, notes } = await setup({ tasks: new MemoryTasks(299), connections: [connection('todoist', { autoStoreToInbox: true })] });
    expect((await deliverReadyNotes(deps, 'm1')).todoist).toBe('partly');
    expect((tasks as MemoryTasks).created).toHaveLength(1);
    expect(notes.notices[0]).toContain('2 action items were not stored');
  });

  it('one failing service leaves a notice and does not stop the other', async () => {
    const { deps, notes } = await setup({
      tasks: named('ReauthorizationRequired'), notesSink: new MemoryNotesSink(),
      connections: [connection('todoist', { autoStoreToInbox: true }), connection('basicops')],
    });
    expect(await deliverReadyNotes(deps, 'm1')).toEqual({ todoist: 'failed', basicops: 'stored' });
    expect(notes.notices).toEqual([expect.stringContaining('Todoist needs to be authorized again')]);

    const second = await setup({ notesSink: new MemoryNotesSink(new NotesSinkError('unauthorized', 'no')), connections: [connection('basicops')] });
    expect((await deliverReadyNotes(second.deps, 'm1')).basicops).toBe('failed');
    expect(second.notes.notices).toEqual([expect.stringContaining('BasicOps needs to be authorized again')]);
  });
});
