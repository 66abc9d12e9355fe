/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { INSIGHTS_MESSAGES, type NotesResponse, type SentimentsResponse } from '../../../functions/contracts/insights.js';
import { NotesModal } from '../../../web/src/features/insights/components/notes-modal.js';
import { SentimentModal } from '../../../web/src/features/insights/components/sentiment-modal.js';
import { fakeFetch, type FetchCall } from '../../helpers/fake-fetch.js';

/** The network boundary: a fake fetch answering by URL. */
let replies: Record<string, { status: number; json: unknown }>;
let requested: string[];

beforeEach(() => {
  requested = [];
  replies = {};
  const calls: FetchCall[] = [];
  globalThis.fetch = fakeFetch(calls, ({ url }) => {
    requested.push(url);
    return Object.entries(replies).find(([part]) => url.includes(part))?.[1] ?? { status: 500, json: { detail: 'no reply' } };
  });
});

const renderFresh = (ui: React.ReactNode) =>
  render(<SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{ui}</SWRConfig>);

const NOTES: NotesResponse = {
  notes_id: 'n1', overview: 'The team planned the release.',
  summary: ['The login crash comes from the image cache.'], timestamp_ranges: [{ start_time: 11.5, end_time: 17 }],
  action_items: [{ number: 1, content: 'Send the budget to finance by Friday.', timestamp_range: { start_time: 65, end_time: 70 }, id: 'a1', stored_in_todoist: false }],
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
    fireEvent.click(screen.getByRole('button', { name: 'Play from 1:05' }));
    const player = await screen.findByTestId('moment-player');
    expect(player.getAttribute('data-at')).toBe('65');
    await waitFor(() => expect(requested.some((u) => u.endsWith('/api/meetings/m1/video/'))).toBe(true));
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
