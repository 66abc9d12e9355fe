import { keepHostWork } from '../../../functions/core/action-items/merge.js';
import { item, notesWith } from './harness.js';

const fresh = (items: ReturnType<typeof item>[]) => notesWith(items, 'n-new');

describe('keepHostWork (a regenerate keeps what the host did to the action items)', () => {
  it('keeps the id, status and edited fields of an item drafted again, and takes the new wording of what the host left alone', () => {
    const previous = notesWith([
      item(1, { content: 'Speaker 2: send the report', owner: 'Speaker 2', due: 'Friday', status: 'done', status_changed_at: '2025-03-06T10:00:00.000Z', todoist_task_id: 't-1', stored_in_todoist: true }),
      item(2, { id: 'kept', content: 'Speaker 1: book the venue', owner: 'Lee', edited: ['owner'] }),
    ]);
    const next = keepHostWork(previous, fresh([
      item(1, { id: 'new-1', content: 'Ana: send the report', owner: 'Ana', due: 'Friday' }),
      item(2, { id: 'new-2', content: 'Ana: book the venue', owner: 'Ana' }),
    ]));
    expect(next.action_items).toEqual([
      expect.objectContaining({ id: 'item-1', content: 'Ana: send the report', owner: 'Ana', status: 'done', todoist_task_id: 't-1', stored_in_todoist: true }),
      expect.objectContaining({ id: 'kept', content: 'Ana: book the venue', owner: 'Lee', edited: ['owner'] }),
    ]);
    expect(next.notes_id).toBe('n-new');
  });

  it('keeps an item whose text the host rewrote when the new draft has one at the same moment', () => {
    const previous = notesWith([item(1, { content: 'Call the supplier about the late parts', edited: ['content'] })]);
    const next = keepHostWork(previous, fresh([item(1, { id: 'new-1', content: 'Speaker 1: ring them' })]));
    expect(next.action_items).toEqual([expect.objectContaining({ id: 'item-1', content: 'Call the supplier about the late parts' })]);
  });

  it('never drafts a deleted item again', () => {
    const previous = { ...notesWith([item(2)]), deleted_action_items: [{ id: 'item-1', content: 'Task 1', timestamp_range: item(1).timestamp_range }] };
    const next = keepHostWork(previous, fresh([item(1, { id: 'new-1' }), item(2, { id: 'new-2' })]));
    expect(next.action_items.map((i) => i.id)).toEqual(['item-2']);
    expect(next.deleted_action_items).toEqual(previous.deleted_action_items);
  });

  it('keeps items the host worked on that the new draft lacks, drops untouched ones, adds new ones and numbers them in meeting order', () => {
    const previous = notesWith([item(1, { status: 'done' }), item(2), item(5, { content: 'Order the chairs', edited: ['content'] })]);
    const next = keepHostWork(previous, fresh([item(3, { id: 'new-3', content: 'Print the flyers' })]));
    expect(next.action_items.map((i) => [i.number, i.id])).toEqual([[1, 'item-1'], [2, 'new-3'], [3, 'item-5']]);
  });

  it('answers the fresh notes when there were none before', () => {
    const notes = fresh([item(1)]);
    expect(keepHostWork(undefined, notes)).toBe(notes);
  });

  it('a kept suggestion stays kept (never a suggestion again) and stays when the new draft lacks it; an untouched suggestion is replaced', () => {
    const previous = notesWith([item(1, { kept: true, confidence: 0.91 }), item(4, { suggested: true })]);
    const again = keepHostWork(previous, fresh([item(1, { id: 'new-1', suggested: true, confidence: 0.9 })]));
    expect(again.action_items).toEqual([expect.objectContaining({ id: 'item-1', kept: true })]);
    expect(again.action_items[0]!.suggested).toBeUndefined();
    const lacking = keepHostWork(previous, fresh([]));
    expect(lacking.action_items.map((i) => i.id)).toEqual(['item-1']);
  });
});
