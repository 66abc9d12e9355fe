/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotesResponse } from '../../../functions/contracts/insights.js';
import { NotesModal } from '../../../web/src/features/insights/components/notes-modal.js';
import { SUGGESTION_FAILED } from '../../../web/src/features/insights/components/suggestion-review.js';
import { clearSession, saveSession } from '../../../web/src/lib/session.js';
import { fakeFetch, type FetchCall, type FetchReply } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

const NOTES: NotesResponse = {
  notes_id: 'n1', overview: 'Planning.', summary: [], timestamp_ranges: [],
  decisions: [
    { content: 'We go with yellow.', timestamp_range: { start_time: 1, end_time: 2 }, confidence: 0.99 },
    { content: 'Perhaps the rubber case.', timestamp_range: { start_time: 3, end_time: 4 }, confidence: 0.9, suggested: true },
  ],
  action_items: [
    { number: 1, content: 'Ana: send the deck', timestamp_range: { start_time: 5, end_time: 8 }, id: 'a1', stored_in_todoist: false, owner: 'Ana', due: null, confidence: 0.99 },
    { number: 2, content: 'Ben: maybe book the room', timestamp_range: { start_time: 9, end_time: 12 }, id: 'a2', stored_in_todoist: false, owner: 'Ben', due: null, confidence: 0.9, suggested: true },
  ],
};

let calls: FetchCall[];
let answerChange: (call: FetchCall) => FetchReply;

beforeEach(() => {
  calls = [];
  saveSession({ access: 'a', refresh: 'r' });
  answerChange = () => ({ status: 200, json: {} });
  globalThis.fetch = fakeFetch(calls, (call) => {
    if (call.url.includes('/api/action_items/')) return answerChange(call);
    if (call.url.includes('generated_notes')) return { status: 200, json: NOTES };
    if (call.url.endsWith('/api/users/')) return { status: 200, json: { results: [{ id: 'u1', todoist_integrated: false, todoist_access_token_exists: false }] } };
    return { status: 500, json: {} };
  });
});
afterEach(() => clearSession());

const renderModal = (host: boolean) => renderFresh(
  <NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} canRegenerate={host} />,
);

const suggestedItem = () => screen.getByText(/maybe book the room/).closest('li')!;

describe('NotesModal: suggestions the engine is unsure of', () => {
  it('marks the suggested item and decision, and gives the host Keep and Drop on the item only', async () => {
    renderModal(true);
    await screen.findByText(/maybe book the room/);
    expect(within(suggestedItem()).getByText('Suggested:')).toBeTruthy();
    expect(within(screen.getByText(/Perhaps the rubber case/).closest('li')!).getByText('Possible:')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Keep suggested action item/ })).toHaveLength(1);
    expect(within(screen.getByText(/send the deck/).closest('li')!).queryByText('Suggested:')).toBeNull();
  });

  it('keeps with PATCH {kept: true} and drops with DELETE, then reads the notes again', async () => {
    renderModal(true);
    await screen.findByText(/maybe book the room/);
    fireEvent.click(screen.getByRole('button', { name: 'Keep suggested action item 2' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: expect.stringContaining('/api/action_items/a2/'), body: { kept: true } });
    await waitFor(() => expect(calls.filter((c) => c.url.includes('generated_notes')).length).toBeGreaterThanOrEqual(2));
    fireEvent.click(screen.getByRole('button', { name: 'Drop suggested action item 2' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.url).toContain('/api/action_items/a2/'));
  });

  it('says so when the choice cannot be saved', async () => {
    answerChange = () => ({ status: 503, json: {} });
    renderModal(true);
    await screen.findByText(/maybe book the room/);
    fireEvent.click(screen.getByRole('button', { name: 'Keep suggested action item 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SUGGESTION_FAILED);
  });

  it('shows a reader the marks without the buttons', async () => {
    renderModal(false);
    await screen.findByText(/maybe book the room/);
    expect(within(suggestedItem()).getByText('Suggested:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /suggested action item/ })).toBeNull();
  });
});
