import { listActionItems } from '../../../functions/core/action-items/ledger.js';
import { USERS } from '../meetings/in-memory.js';
import { item, ledgerWorld, notesWith } from './harness.js';

async function seeded() {
  const w = await ledgerWorld();
  w.items.notes.set('m-1', notesWith([
    item(1, { content: 'Pat: send the report', owner: 'Pat', due: 'Friday' }),
    item(2, { content: 'Hana: book the venue', owner: 'hana host', due: 'end of the month' }),
    item(3, { content: 'Order chairs' }),
    item(4, { content: 'Pat: call the caterer', owner: 'Pat', due: 'Monday', status: 'done' }),
  ]));
  w.items.notes.set('m-2', notesWith([item(1, { id: 'b-1', content: 'Lee: update the budget', owner: 'Lee', due: 'tomorrow' })]));
  return w;
}

describe('GET action_items/', () => {
  it('lists the items of every meeting the caller can read, with the meeting, the due date read from the due text, and what the caller may do', async () => {
    const w = await seeded();
    const host = await w.call('GET', '/api/action_items/', 'host');
    expect(host.status).toBe(200);
    expect(host.body.count).toBe(5);
    expect(host.body.results[0]).toEqual({
      id: 'b-1', meeting_id: 'm-2', meeting_name: 'Budget review', meeting_date: '2025-02-20T10:00:00.000Z', number: 1, content: 'Lee: update the budget',
      owner: 'Lee', due: 'tomorrow', due_date: '2025-02-21', status: 'open', timestamp_range: { start_time: 10, end_time: 15 }, stored_in_todoist: false,
      can_edit: true, can_toggle: true,
    });
    expect(host.body.owners).toEqual(['hana host', 'Lee', 'Pat']);
    expect(host.body.meetings).toEqual([{ id: 'm-1', name: 'Weekly sync' }, { id: 'm-2', name: 'Budget review' }]);

    const participant = await w.call('GET', '/api/action_items/', 'participant');
    expect(participant.body.results.map((r: { id: string; can_edit: boolean; can_toggle: boolean }) => [r.id, r.can_edit, r.can_toggle]))
      .toEqual([['item-1', false, true], ['item-4', false, true], ['item-2', false, false], ['item-3', false, false]]);
    expect((await w.call('GET', '/api/action_items/', 'stranger')).body).toEqual({ count: 0, results: [], owners: [], meetings: [] });
  });

  it('filters by owner (me by profile name or e-mail, a person, unassigned), status, due and meeting', async () => {
    const w = await seeded();
    const ids = async (token: 'host' | 'participant', query: Record<string, string>) =>
      (await w.call('GET', '/api/action_items/', token, undefined, query)).body.results.map((r: { id: string }) => r.id);
    expect(await ids('host', { owner: 'me' })).toEqual(['item-2']);
    expect(await ids('participant', { owner: 'me', status: 'open' })).toEqual(['item-1']);
    expect(await ids('host', { owner: 'PAT' })).toEqual(['item-1', 'item-4']);
    expect(await ids('host', { owner: 'unassigned' })).toEqual(['item-3']);
    expect(await ids('host', { status: 'done' })).toEqual(['item-4']);
    // Today is Thursday 6 March 2025: Friday the 7th is this week, the 31st later, the 21st of February overdue.
    expect(await ids('host', { due: 'overdue' })).toEqual(['b-1']);
    expect(await ids('host', { due: 'this_week' })).toEqual(['item-1']);
    expect(await ids('host', { due: 'later' })).toEqual(['item-4', 'item-2']);
    expect(await ids('host', { due: 'none' })).toEqual(['item-3']);
    expect(await ids('host', { meeting_id: 'm-2' })).toEqual(['b-1']);
  });

  it('pages by 50 and answers 400 naming a bad filter or page', async () => {
    const w = await seeded();
    w.items.notes.set('m-2', notesWith(Array.from({ length: 60 }, (_, i) => item(i + 1, { id: `b-${i + 1}` }))));
    expect((await w.call('GET', '/api/action_items/', 'host', undefined, { page: '2' })).body.results).toHaveLength(14);
    expect((await w.call('GET', '/api/action_items/', 'host', undefined, { page: '9' })).body.results).toEqual([]);
    expect(await w.call('GET', '/api/action_items/', 'host', undefined, { page: '0' })).toEqual({ status: 400, body: { page: ['page must be a whole number from 1.'] } });
    expect(await w.call('GET', '/api/action_items/', 'host', undefined, { due: 'someday' }))
      .toEqual({ status: 400, body: { due: ['due must be one of overdue, this_week, later, none.'] } });
    expect((await w.call('GET', '/api/action_items/', 'host', undefined, { status: 'closed' })).status).toBe(400);
  });
});

describe('PATCH action_items/{id}/', () => {
  it('lets the host edit text, owner and due (the date read from the new text unless picked) and marks the fields edited', async () => {
    const w = await seeded();
    const answer = await w.call('PATCH', '/api/action_items/item-3/', 'host', { content: 'Order forty chairs', owner: 'Pat', due: 'next Friday' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: 'item-3', content: 'Order forty chairs', owner: 'Pat', due: 'next Friday', due_date: '2025-03-14' });
    expect(w.items.notes.get('m-1')!.action_items[2]!.edited).toEqual(['content', 'owner', 'due']);
    const picked = await w.call('PATCH', '/api/action_items/item-3/', 'host', { due_date: '2025-04-01' });
    expect(picked.body).toMatchObject({ due: 'next Friday', due_date: '2025-04-01' });
    expect((await w.call('PATCH', '/api/action_items/item-3/', 'host', { owner: '' })).body.owner).toBeNull();
  });

  it('closes the Todoist task of an item marked done, and reopens it', async () => {
    const w = await seeded();
    w.items.notes.set('m-2', notesWith([item(1, { id: 'b-1', stored_in_todoist: true, todoist_task_id: 'task-9' })]));
    expect((await w.call('PATCH', '/api/action_items/b-1/', 'host', { status: 'done' })).body.status).toBe('done');
    await w.call('PATCH', '/api/action_items/b-1/', 'host', { status: 'done' });
    await w.call('PATCH', '/api/action_items/b-1/', 'host', { status: 'open' });
    expect(w.closed).toEqual([{ hostUserId: 'u-host', taskId: 'task-9', done: true }, { hostUserId: 'u-host', taskId: 'task-9', done: false }]);
    expect(w.items.notes.get('m-2')!.action_items[0]!.status_changed_at).toBe('2025-03-06T09:00:00.000Z');
  });

  it('lets a participant mark their own items done or open, and nothing else', async () => {
    const w = await seeded();
    expect((await w.call('PATCH', '/api/action_items/item-1/', 'participant', { status: 'done' })).body).toMatchObject({ status: 'done', can_edit: false });
    expect(await w.call('PATCH', '/api/action_items/item-1/', 'participant', { content: 'x' }))
      .toEqual({ status: 403, body: { detail: 'Only the host of the meeting can edit its action items.' } });
    expect(await w.call('PATCH', '/api/action_items/item-2/', 'participant', { status: 'done' }))
      .toEqual({ status: 403, body: { detail: 'You can only mark action items assigned to you done or open.' } });
    expect(await w.call('PATCH', '/api/action_items/b-1/', 'participant', { status: 'done' })).toEqual({ status: 404, body: { detail: 'Action item not found.' } });
    expect((await w.call('PATCH', '/api/action_items/item-1/', 'stranger', { status: 'done' })).status).toBe(404);
  });

  it('answers 400 with a clear message for a bad change', async () => {
    const w = await seeded();
    const bad = async (body: unknown) => w.call('PATCH', '/api/action_items/item-1/', 'host', body);
    expect(await bad({})).toEqual({ status: 400, body: { non_field_errors: ['Send at least one of content, owner, due, due_date, status or kept.'] } });
    expect(await bad({ content: '   ' })).toEqual({ status: 400, body: { content: ['The action item may not be empty.'] } });
    expect(await bad({ content: 'x'.repeat(501) })).toEqual({ status: 400, body: { content: ['An action item may not be longer than 500 characters.'] } });
    expect(await bad({ due_date: '2025-02-30' })).toEqual({ status: 400, body: { due_date: ['due_date must be a date written YYYY-MM-DD, or null.'] } });
    expect(await bad({ status: 'closed' })).toEqual({ status: 400, body: { status: ['status must be "open" or "done".'] } });
    expect(await bad({ kept: false })).toEqual({ status: 400, body: { kept: ['kept can only be true (keep a suggested item; delete the item to drop it).'] } });
    expect(await bad({ colour: 'red' })).toEqual({ status: 400, body: { non_field_errors: ['Unknown field: colour.'] } });
    expect((await bad('done')).status).toBe(400);
  });
});

describe('suggested action items (issue 27: the host keeps or drops what the engine is unsure of)', () => {
  it('keeping one makes it an ordinary item marked kept; editing one keeps it too; a participant cannot keep', async () => {
    const w = await seeded();
    w.items.notes.set('m-2', notesWith([item(1, { id: 's-1', suggested: true, confidence: 0.91 }), item(2, { id: 's-2', suggested: true })]));
    expect((await w.call('PATCH', '/api/action_items/s-1/', 'participant', { kept: true })).status).toBe(404);
    expect((await w.call('PATCH', '/api/action_items/s-1/', 'host', { kept: true })).status).toBe(200);
    expect((await w.call('PATCH', '/api/action_items/s-2/', 'host', { owner: 'Pat' })).status).toBe(200);
    const [kept, edited] = w.items.notes.get('m-2')!.action_items;
    expect(kept).toMatchObject({ id: 's-1', kept: true, confidence: 0.91 });
    expect(kept!.suggested).toBeUndefined();
    expect(edited).toMatchObject({ id: 's-2', kept: true, owner: 'Pat' });
    expect(edited!.suggested).toBeUndefined();
  });

  it('marking a suggestion done does not keep it, and an ordinary item is never marked kept by an edit', async () => {
    const w = await seeded();
    w.items.notes.set('m-2', notesWith([item(1, { id: 's-1', suggested: true }), item(2, { id: 'o-2' })]));
    await w.call('PATCH', '/api/action_items/s-1/', 'host', { status: 'done' });
    await w.call('PATCH', '/api/action_items/o-2/', 'host', { content: 'Order the chairs' });
    const [suggested, ordinary] = w.items.notes.get('m-2')!.action_items;
    expect(suggested).toMatchObject({ suggested: true, status: 'done' });
    expect(ordinary!.kept).toBeUndefined();
  });
});

describe('DELETE action_items/{id}/', () => {
  it('lets the host delete an item, keeping it aside so a regenerate does not bring it back', async () => {
    const w = await seeded();
    expect((await w.call('DELETE', '/api/action_items/item-2/', 'participant')).status).toBe(403);
    expect((await w.call('DELETE', '/api/action_items/item-2/', 'host')).status).toBe(204);
    const notes = w.items.notes.get('m-1')!;
    expect(notes.action_items.map((i) => [i.number, i.id])).toEqual([[1, 'item-1'], [2, 'item-3'], [3, 'item-4']]);
    expect(notes.deleted_action_items).toEqual([{ id: 'item-2', content: 'Hana: book the venue', timestamp_range: { start_time: 20, end_time: 25 } }]);
    expect((await w.call('DELETE', '/api/action_items/item-2/', 'host')).status).toBe(404);
  });
});

describe('GET action_items/ under the current speaker names (issue 30)', () => {
  it('shows an item of a renamed speaker under the new name, in its text and owner, and counts it as theirs', async () => {
    const w = await ledgerWorld();
    w.items.notes.set('m-1', notesWith([item(1, { content: 'Speaker 2: send the report', owner: 'Speaker 2' })]));
    const deps = { ...w.deps, speakerNames: async () => new Map([['m-1', { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Pat Jones' }]]) };
    const participant = { userId: USERS.participant.userId, email: USERS.participant.email };

    const page = await listActionItems(deps, participant, { page: 1, owner: 'me' });

    expect(page.results.map((r) => [r.content, r.owner, r.can_toggle])).toEqual([['Pat Jones: send the report', 'Pat Jones', true]]);
  });
});
