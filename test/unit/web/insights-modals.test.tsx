/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INSIGHTS_MESSAGES, type NotesResponse, type SentimentsResponse } from '../../../functions/contracts/insights.js';
import { NotesModal } from '../../../web/src/features/insights/components/notes-modal.js';
import { SentimentModal } from '../../../web/src/features/insights/components/sentiment-modal.js';
import { fakeFetch, type FetchCall } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

/** The network boundary: a fake fetch answering by URL. */
let replies: Record<string, { status: number; json: unknown }>;
let requested: string[];
let calls: FetchCall[];

beforeEach(() => {
  requested = [];
  replies = {};
  calls = [];
  globalThis.fetch = fakeFetch(calls, ({ url }) => {
    requested.push(url);
    return Object.entries(replies).find(([part]) => url.includes(part))?.[1] ?? { status: 500, json: { detail: 'no reply' } };
  });
});

const NOTES: NotesResponse = {
  notes_id: 'n1', overview: 'The team planned the release.',
  summary: ['The login crash comes from the image cache.'], timestamp_ranges: [{ start_time: 11.5, end_time: 17 }],
  action_items: [{ number: 1, content: 'Send the budget to finance by Friday.', timestamp_range: { start_time: 65, end_time: 70 }, id: 'a1', stored_in_todoist: false }],
};

const NAMED_NOTES: NotesResponse = {
  notes_id: 'n2', overview: 'Alice and Bob discussed the release budget. They recorded 1 decision and 2 action items.',
  summary: ['The login crash comes from the image cache.'], timestamp_ranges: [{ start_time: 11.5, end_time: 17 }],
  decisions: [{ content: 'Move the release to March.', timestamp_range: { start_time: 30, end_time: 34 } }],
  action_items: [
    { number: 1, content: 'Bob: send the budget to finance by Friday', timestamp_range: { start_time: 65, end_time: 70 }, id: 'a1', stored_in_todoist: false, owner: 'Bob', due: 'Friday' },
    { number: 2, content: 'Alice: book the room', timestamp_range: { start_time: 80, end_time: 82 }, id: 'a2', stored_in_todoist: false, owner: 'Alice', due: 'next week' },
  ],
};

describe('NotesModal', () => {
  it('says the notes are being generated (about 10 minutes per hour, with an e-mail) on a 404', async () => {
    replies['generated_notes'] = { status: 404, json: { detail: 'x' } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('status')).textContent).toBe(INSIGHTS_MESSAGES.notesGenerating);
    expect(INSIGHTS_MESSAGES.notesGenerating).toMatch(/10 minutes per hour/);
    expect(INSIGHTS_MESSAGES.notesGenerating).toMatch(/e-mail/);
  });

  it('shows the fetch failure text on another error', async () => {
    replies['generated_notes'] = { status: 500, json: { detail: 'x' } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error fetching your meeting notes. Please contact support.');
  });

  it('shows overview, summary and action items with time ranges and no checkboxes, and plays an item from its start', async () => {
    replies['generated_notes'] = { status: 200, json: NOTES };
    replies['/video/'] = { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1/rec.mp4', expiration_time: 'x' } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);

    expect(await screen.findByText('The team planned the release.')).toBeTruthy();
    expect(screen.getByText('The login crash comes from the image cache.')).toBeTruthy();
    expect(screen.getByText('0:11 – 0:17')).toBeTruthy();
    expect(screen.getByText('Send the budget to finance by Friday.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('1:05 – 1:10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Play from 1:05 – 1:10' }));
    const player = await screen.findByTestId('moment-player');
    expect(player.getAttribute('data-at')).toBe('65');
    await waitFor(() => expect(requested.some((u) => u.endsWith('/api/meetings/m1/video/'))).toBe(true));
  });
});

describe('NotesModal: decisions, owners, empty state, regenerate', () => {
  it('lists decisions and shows a due date the item does not already say', async () => {
    replies['generated_notes'] = { status: 200, json: NAMED_NOTES };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect(await screen.findByText('Move the release to March.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Decisions' })).toBeTruthy();
    const items = screen.getAllByRole('listitem').filter((li) => li.getAttribute('data-number'));
    expect(items.map((li) => li.getAttribute('data-owner'))).toEqual(['Bob', 'Alice']);
    expect(items[0]!.textContent).not.toContain('(due');
    expect(items[1]!.textContent).toContain('Alice: book the room (due next week)');
  });

  it('shows a clear empty state for a silent recording instead of empty headings', async () => {
    replies['generated_notes'] = { status: 200, json: { notes_id: 'n3', overview: 'Nothing was said in this recording.', summary: [], timestamp_ranges: [], action_items: [], decisions: [] } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('status')).textContent).toBe(INSIGHTS_MESSAGES.notesEmpty);
    expect(screen.queryByRole('heading', { name: 'Summary' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Action Items' })).toBeNull();
  });

  it('offers no Regenerate button to a participant', async () => {
    replies['generated_notes'] = { status: 200, json: NOTES };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    await screen.findByText('The team planned the release.');
    expect(screen.queryByRole('button', { name: 'Regenerate notes' })).toBeNull();
  });

  it('lets the host regenerate the notes and shows the new ones', async () => {
    replies['generated_notes'] = { status: 200, json: NOTES };
    replies['regenerate_notes'] = { status: 200, json: NAMED_NOTES };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} canRegenerate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate notes' }));
    expect(await screen.findByText('Bob: send the budget to finance by Friday')).toBeTruthy();
    expect(screen.getByText(INSIGHTS_MESSAGES.notesRegenerated)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/meetings/m1/regenerate_notes/'))).toBe(true);
  });

  it('tells the host the transcript was corrected after the notes were made, and the regenerated notes drop the notice', async () => {
    replies['generated_notes'] = { status: 200, json: { ...NOTES, transcript_edited_at: '2026-11-23T11:00:00.000Z' } };
    replies['regenerate_notes'] = { status: 200, json: NAMED_NOTES };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} canRegenerate />);
    const notice = (await screen.findByText(INSIGHTS_MESSAGES.notesOutdatedHost)).closest('.notes-outdated') as HTMLElement;
    expect(screen.getAllByRole('button', { name: 'Regenerate notes' })).toHaveLength(1);

    fireEvent.click(within(notice).getByRole('button', { name: 'Regenerate notes' }));

    expect(await screen.findByText('Bob: send the budget to finance by Friday')).toBeTruthy();
    expect(screen.queryByText(INSIGHTS_MESSAGES.notesOutdatedHost)).toBeNull();
    expect(screen.getByText(INSIGHTS_MESSAGES.notesRegenerated)).toBeTruthy();
  });

  it('tells a participant the notes may not match the corrected transcript, without a Regenerate button', async () => {
    replies['generated_notes'] = { status: 200, json: { ...NOTES, transcript_edited_at: '2026-11-23T11:00:00.000Z' } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect(await screen.findByText(INSIGHTS_MESSAGES.notesOutdatedReader)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Regenerate notes' })).toBeNull();
  });

  it('shows the server\'s reason when regenerating is refused', async () => {
    replies['generated_notes'] = { status: 200, json: NOTES };
    replies['regenerate_notes'] = { status: 409, json: { detail: 'The transcript of this meeting is not ready yet, so its notes cannot be generated.' } };
    renderFresh(<NotesModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} canRegenerate />);
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate notes' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The transcript of this meeting is not ready yet/);
    expect(screen.getByText('Send the budget to finance by Friday.')).toBeTruthy();
  });
});

const item = (start: number, score: number, speaker: string, content: string) => ({
  start_time: start, end_time: start + 2, sentiment_score: score,
  sentiment: (score > 0.2 ? 'positive' : score < -0.2 ? 'negative' : 'neutral') as 'positive' | 'negative' | 'neutral',
  speaker_label: speaker, emotions: [], content,
});
const SERIES: SentimentsResponse = {
  status: 'ready',
  sentiments_data: [item(5, 0.8, 'spk_0', 'Great work everyone'), item(20, -0.6, 'spk_1', 'The crash is terrible'), item(40, 0, 'spk_1', 'It ships Monday')],
  speakers: [
    { speaker_label: 'spk_0', sentences: 1, mean_score: 0.8, first_quarter_mean: 0.8, last_quarter_mean: null, trend: null },
    { speaker_label: 'spk_1', sentences: 2, mean_score: -0.3, first_quarter_mean: -0.6, last_quarter_mean: 0, trend: 0.6 },
  ],
};

describe('SentimentModal', () => {
  it('says the analysis is not ready (about 15 minutes per hour) while processing', async () => {
    replies['sentiments_data'] = { status: 200, json: { sentiments_data: [], speakers: [], status: 'processing' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('status')).textContent).toMatch(/15 minutes per hour/);
  });

  it('shows the distribution, speaker trends and significant moments, and filters by speaker', async () => {
    replies['sentiments_data'] = { status: 200, json: SERIES };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);

    expect((await screen.findByRole('img')).getAttribute('aria-label')).toBe('Positive 33%, neutral 33%, negative 33%');
    expect(screen.getByRole('button', { name: 'Hide Tooltip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zoom Out' })).toHaveProperty('disabled', true);
    expect(within(screen.getByRole('table')).getByText('+0.60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'List Significant Moments' }));
    expect(within(screen.getByRole('region', { name: 'Most positive moments' })).getByRole('button').textContent).toContain('Great work everyone');
    expect(within(screen.getByRole('region', { name: 'Most negative moments' })).getByRole('button').textContent).toContain('The crash is terrible');

    fireEvent.change(screen.getByLabelText('Filter By Speaker'), { target: { value: 'spk_1' } });
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Positive 0%, neutral 50%, negative 50%');
    expect(within(screen.getByRole('region', { name: 'Most positive moments' })).getByText('None.')).toBeTruthy();
  });

  it('plays the recording from a significant moment', async () => {
    replies['sentiments_data'] = { status: 200, json: SERIES };
    replies['/video/'] = { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1/rec.mp4', expiration_time: 'x' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'List Significant Moments' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Most negative moments' })).getByRole('button'));
    expect((await screen.findByTestId('moment-player')).getAttribute('data-at')).toBe('20');
  });

  it('shows the names the host gave the speakers instead of "Speaker N"', async () => {
    replies['sentiments_data'] = { status: 200, json: SERIES };
    replies['speaker_names'] = { status: 200, json: { speakerNames: { 'Speaker 1': 'Alice', 'Speaker 2': 'Bob' }, status: 'ready' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Alice')).toBeTruthy());
    expect(within(table).getByText('Bob')).toBeTruthy();
    expect(within(screen.getByLabelText('Filter By Speaker')).getByRole('option', { name: 'Bob' })).toBeTruthy();
    expect(screen.queryByText('Speaker 1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'List Significant Moments' }));
    expect(within(screen.getByRole('region', { name: 'Most positive moments' })).getByRole('button').textContent).toContain('Alice');
  });

  it('names each colour of the distribution, shows the moment player above the chart, and closes it', async () => {
    replies['sentiments_data'] = { status: 200, json: SERIES };
    replies['/video/'] = { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1/rec.mp4', expiration_time: 'x' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'List Significant Moments' }));
    const legend = document.querySelector('.sentiment-legend')!;
    expect([...legend.querySelectorAll('li')].map((li) => li.textContent)).toEqual([expect.stringMatching(/^Positive \d+%$/), expect.stringMatching(/^Neutral \d+%$/), expect.stringMatching(/^Negative \d+%$/)]);

    fireEvent.click(within(screen.getByRole('region', { name: 'Most negative moments' })).getByRole('button'));

    const player = await screen.findByTestId('moment-player');
    const chart = screen.getByTestId('sentiment-chart');
    expect(player.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(player).getByRole('button', { name: 'Close player' }));
    expect(screen.queryByTestId('moment-player')).toBeNull();
  });

  it('says a recording without speech has no sentiment instead of "being prepared" forever', async () => {
    replies['sentiments_data'] = { status: 200, json: { sentiments_data: [], speakers: [], status: 'ready' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('status')).textContent).toBe('No speech was recognised in this recording, so there is no sentiment to show.');
  });

  it('shows the failure text when the analysis failed', async () => {
    replies['sentiments_data'] = { status: 200, json: { sentiments_data: [], speakers: [], status: 'failed' } };
    renderFresh(<SentimentModal meetingId="m1" meetingName="Weekly" onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^There was an error fetching your sentiment analysis/);
  });
});
