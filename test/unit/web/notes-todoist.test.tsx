/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotesResponse } from '../../../functions/contracts/insights.js';
import { NotesModal } from '../../../web/src/features/insights/components/notes-modal.js';
import { TODOIST_STORE_FAILED } from '../../../web/src/features/insights/use-todoist-selection.js';
import { clearSession, saveSession } from '../../../web/src/lib/session.js';
import { fakeFetch, type FetchCall, type FetchReply } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

let calls: FetchCall[];
let store: (call: FetchCall) => FetchReply;
let todoistConnected: boolean;

const NOTES: NotesResponse = {
  notes_id: 'n1', overview: 'Planning.', summary: ['Point.'], timestamp_ranges: [{ start_time: 1, end_time: 2 }], decisions: [],
  action_items: [
    { number: 1, content: 'Ana: send the deck', timestamp_range: { start_time: 5, end_time: 8 }, id: 'a1', stored_in_todoist: false, owner: 'Ana', due: null },
    { number: 2, content: 'Ben: book the room', timestamp_range: { start_time: 9, end_time: 12 }, id: 'a2', stored_in_todoist: false, owner: 'Ben', due: null },
    { number: 3, content: 'Already stored', timestamp_range: { start_time: 13, end_time: 14 }, id: 'a3', stored_in_todoist: true, owner: null, due: null },
    { number: 4, content: 'No id', timestamp_range: { start_time: 15, end_time: 16 }, id: '', stored_in_todoist: false, owner: null, due: null },
  ],
  basicops_note_url: 'https://basicops.test/note/7',
};

beforeEach(() => {
  calls = [];
  todoistConnected = true;
  saveSession({ access: 'a', refresh: 'r' });
  store = (call) => ({ status: 200, json: { action_items: NOTES.action_items.map((i) => (call.body.actionItemNumbers.includes(i.number) ? { ...i, stored_in_todoist: true } : i)) } });
  globalThis.fetch = fakeFetch(calls, (call) => {
    if (call.url.includes('store_action_items_in_t')) return store(call);
    if (call.url.includes('generated_notes')) return { status: 200, json: NOTES };
    if (call.url.endsWith('/api/users/')) return { status: 200, json: { results: [{ id: 'u1', todoist_integrated: todoistConnected, todoist_access_token_exists: todoistConnected }] } };
    return { status: 500, json: {} };
  });
});
afterEach(() => clearSession());

const renderModal = (host = true) => renderFresh(
  <NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} canRegenerate={host} />,
);

const checkboxes = () => screen.queryAllByRole('checkbox');

describe('NotesModal: Add to Todoist', () => {
  it('gives the host a checkbox per not-yet-stored item with an id; checking one reveals Add to Todoist', async () => {
    renderModal();
    await screen.findByText('Ana: send the deck');
    await waitFor(() => expect(checkboxes()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Add to Todoist' })).toBeNull();
    fireEvent.click(checkboxes()[1]!);
    expect(screen.getByRole('button', { name: 'Add to Todoist' })).toBeTruthy();
  });

  it('stores the checked items, then resets the checks and hides stored items\' boxes', async () => {
    renderModal();
    await waitFor(() => expect(checkboxes()).toHaveLength(2));
    fireEvent.click(checkboxes()[1]!);
    fireEvent.click(checkboxes()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Todoist' }));
    await screen.findByText('Added to your Todoist inbox.');
    expect(calls.find((c) => c.url.includes('store_action_items_in_t'))).toMatchObject({ method: 'POST', url: '/api/notes/n1/store_action_items_in_t/', body: { actionItemNumbers: [1, 2] } });
    expect(checkboxes()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Add to Todoist' })).toBeNull();
  });

  it('shows the server\'s reason when there is one, and the §8 text otherwise', async () => {
    store = () => ({ status: 400, json: { non_field_errors: ['Your Todoist inbox is full (300 open tasks).'] } });
    renderModal();
    await waitFor(() => expect(checkboxes()).toHaveLength(2));
    fireEvent.click(checkboxes()[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Todoist' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your Todoist inbox is full (300 open tasks).');

    store = () => ({ status: 500, json: { detail: 'boom' } });
    expect((checkboxes()[0] as HTMLInputElement).checked).toBe(true); // a failure keeps the choice
    fireEvent.click(screen.getByRole('button', { name: 'Add to Todoist' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('boom'));
    store = () => 'no-answer';
    fireEvent.click(screen.getByRole('button', { name: 'Add to Todoist' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(TODOIST_STORE_FAILED));
  });

  it('shows no checkboxes to a participant or without Todoist, and links the BasicOps note', async () => {
    renderModal(false);
    await screen.findByText('Ana: send the deck');
    expect(checkboxes()).toHaveLength(0);
    expect(within(screen.getByText('Open in BasicOps').closest('p')!).getByRole('link').getAttribute('href')).toBe('https://basicops.test/note/7');
  });

  it('shows no checkboxes to a host without Todoist connected', async () => {
    todoistConnected = false;
    renderModal();
    await screen.findByText('Ana: send the deck');
    // Only once the user (Todoist not connected) has been read can "no checkboxes" mean anything.
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/users/'))).toBe(true));
    await new Promise((r) => setTimeout(r, 0));
    expect(checkboxes()).toHaveLength(0);
  });
});
