/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { User } from '../../../functions/contracts/auth-users.js';
import type { MeetingView } from '../../../functions/contracts/meetings.js';
import { FeedbackDialog } from '../../../web/src/components/feedback-dialog.js';
import { MeetingsArea } from '../../../web/src/app/home/meetings-area.js';
import { ShareDialog } from '../../../web/src/features/share/components/share-dialog.js';
import { fakeFetch } from '../../helpers/fake-fetch.js';
import { FreshSwr } from '../../helpers/fresh-swr.js';

/** The network boundary: a fake fetch answering by method and URL, recording every call. */
interface Call { method: string; url: string; body: unknown }
type Reply = { status: number; json?: unknown } | Promise<{ status: number; json?: unknown }>;
let calls: Call[];
let replyTo: (call: Call) => Reply;

beforeEach(() => {
  calls = [];
  globalThis.fetch = fakeFetch(calls, (call) => replyTo(call));
});

const person = (id: string, email: string, role: 'host' | 'participant') => ({ id, name: email.split('@')[0], role, email, emails: { id, email } });
const grace = person('a1', 'grace@example.com', 'host');
const alan = person('a2', 'alan@example.com', 'participant');

function meeting(overrides: Partial<MeetingView> = {}): MeetingView {
  return {
    id: 'm1', name: 'Weekly', start_time: '2025-01-01T10:00:00Z', end_time: '2025-01-01T11:05:00Z', attendee_count: 2, boards_shared: 0,
    recording_available: true, attendees: [grace, alan], hosts: [grace], is_sample: false, ...overrides,
  };
}
const hosted = meeting();
const visiting = meeting({ id: 'm2', name: 'Their call', end_time: null, recording_available: false, attendees: [person('a3', 'ada@example.com', 'host'), person('a4', 'grace@example.com', 'participant')], hosts: [person('a3', 'ada@example.com', 'host')] });
const user = { id: 'u1', email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', minutes: 30 } as User;

const listOf = (results: MeetingView[], count = results.length) => ({ status: 200, json: { count, results } });
const requested = (method: string, part: string) => calls.filter((c) => c.method === method && c.url.includes(part));

function renderScreen(ui: React.ReactNode, path = '/home') {
  return render(
    <FreshSwr>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Root page</p>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </FreshSwr>,
  );
}

describe('MeetingsArea', () => {
  it('lists meetings with start, duration, Shared With and Captured Recording, editable only for the host', async () => {
    replyTo = () => listOf([hosted, visiting]);
    renderScreen(<MeetingsArea user={user} />);

    const mine = await screen.findByRole('listitem', { name: 'Weekly' });
    const theirs = screen.getByRole('listitem', { name: 'Their call' });

    expect(screen.getByRole('heading', { name: 'My Meetings' })).toBeTruthy();
    expect(within(mine).getByLabelText('Meeting name')).toBeTruthy();
    expect(within(mine).getByText('1 hour 5 minutes')).toBeTruthy();
    expect(within(mine).getByText('Available')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(within(theirs).queryByLabelText('Meeting name')).toBeNull();
    expect(within(theirs).getByText('In session')).toBeTruthy();
    expect(within(theirs).getByText('Not Available')).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Share' })).toBeNull();
    expect(within(theirs).queryByRole('checkbox')).toBeNull();
    expect(calls[0].url).toBe('/api/meetings/?page=1&page_size=9');
  });

  it('shows the options by role: host Watch, Transcript, Notes, Sentiment Analysis, Share, Delete, Feedback; participant without a recording only Feedback', async () => {
    replyTo = () => listOf([hosted, visiting]);
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByRole('listitem', { name: 'Weekly' });

    fireEvent.click(screen.getByRole('button', { name: 'Options for Weekly' }));
    const hostItems = within(screen.getByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Options for Weekly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Options for Their call' }));
    const guestItems = within(screen.getByRole('menu')).getAllByRole('menuitem').map((i) => i.textContent);

    expect(hostItems).toEqual(['Watch Recording', 'Transcript', 'Notes', 'Sentiment Analysis', 'Share', 'Delete', 'Search in this meeting', 'Submit Feedback']);
    expect(guestItems).toEqual(['Search in this meeting', 'Submit Feedback']);
  });

  it('saves a new name on Enter and refuses an empty or too long one with a message, keeping what was typed', async () => {
    replyTo = (call) => (call.method === 'PUT' ? { status: 200, json: { ...hosted, name: (call.body as { name: string }).name } } : listOf([hosted]));
    renderScreen(<MeetingsArea user={user} />);
    const input = (await screen.findByLabelText('Meeting name')) as HTMLInputElement;

    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.blur(input);
    expect(input.value).toBe('   ');
    expect(screen.getByRole('alert').textContent).toBe('The meeting name may not be empty.');
    fireEvent.change(input, { target: { value: 'x'.repeat(250) } });
    expect(input.value).toHaveLength(250);
    fireEvent.blur(input);
    expect(input.value).toHaveLength(250);
    expect(screen.getByRole('alert').textContent).toBe('The meeting name may not be longer than 200 characters. (250 were typed.)');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('Weekly');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requested('PUT', '/api/meetings/m1/')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'Planning' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.blur(input);

    await waitFor(() => expect(requested('PUT', '/api/meetings/m1/')).toHaveLength(1));
    expect(requested('PUT', '/api/meetings/m1/')[0].body).toEqual({ name: 'Planning' });
  });

  it('says a linked meeting is not shared with the caller when the list answers 404 for it', async () => {
    replyTo = () => ({ status: 404, json: { detail: 'Not found.' } });
    renderScreen(<MeetingsArea user={user} meetingId="m9" />, '/home/meeting/m9');

    expect((await screen.findByRole('alert')).textContent).toMatch(/^This meeting has not been shared with you/);
    expect(screen.queryByText(/An error occurred while loading your meetings/)).toBeNull();
  });

  it('shows one state for an unfinished upload: not available, upload not finished; and the stage with its progress while processing', async () => {
    const unfinished = meeting({ id: 'u1', name: 'Video  Upload: Failed', recording_available: false, end_time: null });
    const running = meeting({
      id: 'r1', name: 'Running', processing: {
        status: 'processing', step: 'Transcription', percent: 40, stage: 'Transcribing the speech', seconds_left: 300, reason: null,
        too_short: false, duration_seconds: 600, minutes_charged: 10, transcript: 'processing', updated_at: '2025-01-01T10:00:00Z',
      },
    });
    replyTo = () => listOf([unfinished, running]);
    renderScreen(<MeetingsArea user={user} />);

    const row = await screen.findByRole('listitem', { name: 'Video Upload: Failed' });
    expect(within(row).getByText('Not Available')).toBeTruthy();
    expect(within(row).getByRole('status', { name: 'Processing status' }).textContent).toMatch(/^Upload not finished\./);
    const other = screen.getByRole('listitem', { name: 'Running' });
    expect(within(other).getByRole('status', { name: 'Processing status' }).textContent).toBe('Transcribing the speech… 40 % · about 5 min left');
    expect((within(other).getByRole('progressbar', { name: 'Processing progress' }) as HTMLProgressElement).value).toBe(40);
  });

  it('says so when the meetings cannot be loaded', async () => {
    replyTo = () => ({ status: 500, json: { detail: 'boom' } });
    renderScreen(<MeetingsArea user={user} />);

    expect(await screen.findByText('An error occurred while loading your meetings. Please try again later.')).toBeTruthy();
  });

  it('shows an honest empty state, and the query when a name search finds nothing', async () => {
    replyTo = (call) => (call.url === '/api/search/' ? { status: 200, json: [] } : listOf([]));
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByText('No meetings yet. Upload a recording to get started.');

    fireEvent.change(screen.getByLabelText('Search meetings'), { target: { value: 'budget' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Nothing matched for "budget".')).toBeTruthy();
    expect(requested('POST', '/api/search/')[0].body).toBe('query=budget');
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['Name', 'Text', 'Voice', 'Ask']);
  });

  it('pages through the meetings 9 at a time', async () => {
    replyTo = (call) => listOf([meeting({ id: call.url.includes('page=2') ? 'p2' : 'p1', name: call.url.includes('page=2') ? 'Second page' : 'First page' })], 30);
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByRole('listitem', { name: 'First page' });

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));

    await screen.findByRole('listitem', { name: 'Second page' });
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual(['1', '2', '3', '4']);
    expect(calls.at(-1)!.url).toBe('/api/meetings/?page=2&page_size=9');
  });

  it('enables bulk Share once meetings the user hosts are selected', async () => {
    replyTo = () => listOf([hosted, meeting({ id: 'm3', name: 'Retro' }), visiting]);
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByRole('listitem', { name: 'Weekly' });
    const bulk = () => screen.getByRole('button', { name: /Share selected/ }) as HTMLButtonElement;
    expect(bulk().disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Select all'));

    expect(bulk().textContent).toBe('Share selected (2)');
    expect(bulk().disabled).toBe(false);
    fireEvent.click(bulk());
    expect(screen.getByRole('dialog', { name: 'Share 2 meetings' })).toBeTruthy();
  });

  it('blurs the list under an upgrade prompt when the minutes are below 0', async () => {
    replyTo = () => listOf([hosted]);
    renderScreen(<MeetingsArea user={{ ...user, minutes: -1 }} />);

    expect(await screen.findByRole('heading', { name: 'You have used up your minutes for the month.' })).toBeTruthy();
    expect(document.querySelector('.meetings-content')?.hasAttribute('inert')).toBe(true);
  });

  it('opens the player only after the recording link arrives, and reports a failed download', async () => {
    let video: Reply = { status: 404, json: { detail: 'This meeting has no recording.' } };
    replyTo = (call) => (call.url.endsWith('/video/') ? video : listOf([hosted]));
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByRole('listitem', { name: 'Weekly' });

    fireEvent.click(screen.getByRole('button', { name: 'Options for Weekly' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Watch Recording' }));
    expect(await screen.findByText('There was an error downloading your file.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    video = { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1:9/rec.mp4', expiration_time: '2030-01-01T00:00:00Z' } };
    fireEvent.click(screen.getByRole('button', { name: 'Options for Weekly' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Watch Recording' }));

    const player = await screen.findByRole('dialog', { name: 'Weekly' });
    expect(player.querySelector('video')?.getAttribute('src')).toBe('http://127.0.0.1:9/rec.mp4');
  });

  it('deletes after the confirm dialog and refreshes the list', async () => {
    let gone = false;
    replyTo = (call) => {
      if (call.method === 'DELETE') { gone = true; return { status: 204 }; }
      return listOf(gone ? [] : [hosted]);
    };
    renderScreen(<MeetingsArea user={user} />);
    await screen.findByRole('listitem', { name: 'Weekly' });
    fireEvent.click(screen.getByRole('button', { name: 'Options for Weekly' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('You want to delete this meeting?')).toBeTruthy();
    expect(within(confirm).getByRole('button', { name: 'No' })).toBeTruthy();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, Delete it!' }));

    expect(await screen.findByText('No meetings yet. Upload a recording to get started.')).toBeTruthy();
    expect(requested('DELETE', '/api/meetings/m1/')).toHaveLength(1);
  });

  it('shows one meeting with its name as the title and runs watchRecording from the route', async () => {
    replyTo = (call) => (call.url.endsWith('/video/')
      ? { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1:9/rec.mp4', expiration_time: '2030-01-01T00:00:00Z' } }
      : listOf([hosted]));
    renderScreen(<MeetingsArea user={user} meetingId="m1" operation="watchRecording" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all meetings' })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Weekly' })).toBeTruthy();
    expect(calls[0].url).toBe('/api/meetings/?page=1&page_size=9&meeting_id=m1');
    expect(requested('GET', '/api/meetings/m1/video/')).toHaveLength(1);
  });
});

describe('ShareDialog', () => {
  afterEach(() => jest.useRealTimers());
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  const input = () => screen.getByLabelText('Add people by email');
  const type = (text: string, key?: string) => {
    fireEvent.change(input(), { target: { value: text } });
    if (key) fireEvent.keyDown(input(), { key });
  };

  it('asks for an address, then for the return key, and rejects an invalid one', () => {
    replyTo = () => ({ status: 500 });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);

    send();
    expect(screen.getByRole('alert').textContent).toBe('Please enter at least one email address.');
    type('bob@example.com');
    send();
    expect(screen.getByRole('alert').textContent).toBe('Hit the return key after entering an email address.');
    type('bob@', 'Enter');
    expect(screen.getByRole('alert').textContent)
      .toBe('The email address you entered is invalid. Please double-check it. Remember to remove any extra spaces.');
    expect(calls).toEqual([]);
  });

  it('turns addresses into chips on Enter, space and comma', () => {
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);

    type('a@example.com', 'Enter');
    type('b@example.com', ' ');
    type('c@example.com', ',');

    expect(within(screen.getByRole('list', { name: 'Recipients' })).getAllByRole('listitem').map((c) => c.firstChild?.textContent))
      .toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
    expect((input() as HTMLInputElement).value).toBe('');
  });

  it('counts the message, stops it at 2000 characters with the limit text, and still lets it be sent', () => {
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);
    const message = screen.getByLabelText('Message (optional)');

    fireEvent.change(message, { target: { value: 'hello' } });
    expect(screen.getByText('5/2000')).toBeTruthy();
    expect(screen.queryByText('You have reached the maximum character limit.')).toBeNull();
    fireEvent.change(message, { target: { value: 'x'.repeat(2100) } });

    expect((message as HTMLTextAreaElement).value).toHaveLength(2000);
    expect(screen.getByText('2000/2000')).toBeTruthy();
    expect(screen.getByText('You have reached the maximum character limit.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists the host as (Host) without a cross and removes another attendee', async () => {
    replyTo = () => ({ status: 200, json: { meeting_data: { ...hosted, attendees: [grace], attendee_count: 1 } } });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);
    expect(screen.getByText('(Host)', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove access for grace@example.com' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove access for alan@example.com' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove access for alan@example.com' })).toBeNull());
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/meetings/delete_attendee/', body: { meeting_id: 'm1', attendee_email: 'alan@example.com' } });
  });

  it('names the people with an account after it, the e-mail below, and shows an address without an account alone', () => {
    const named = meeting({ attendees: [{ ...grace, account_name: 'Grace Hopper' }, { ...alan, account_name: null }] });
    renderScreen(<ShareDialog meetings={[named]} onClose={jest.fn()} />);

    const items = within(screen.getByRole('heading', { name: 'People with access' }).parentElement!).getAllByRole('listitem');
    expect(items.map((item) => [...item.querySelectorAll('.access-name, .access-email')].map((part) => part.textContent))).toEqual([
      ['Grace Hopper (Host)', 'grace@example.com'], ['alan@example.com'],
    ]);
    expect(screen.queryByText('alan')).toBeNull();
  });

  it('shows the failure text and enables Send again when sharing fails', async () => {
    replyTo = () => ({ status: 500, json: { detail: 'x' } });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);
    type('bob@example.com', 'Enter');

    send();

    expect((await screen.findByRole('alert')).textContent).toBe('There was an error processing your request.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows what the server says when access was granted but an invitation could not be mailed', async () => {
    const detail = 'The meeting was shared, but the invitation e-mail could not be sent to bob@example.com. Please try again later.';
    replyTo = () => ({ status: 503, json: { detail } });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);
    type('bob@example.com', 'Enter');

    send();

    expect((await screen.findByRole('alert')).textContent).toBe(detail);
  });

  it('sends the addresses and message, then goes to / after 2 seconds', async () => {
    jest.useFakeTimers();
    replyTo = () => ({ status: 200, json: { meeting_ids: ['m1'], attendees: ['bob@example.com'] } });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);
    type('bob@example.com', 'Enter');
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'See you' } });

    await act(async () => send());

    expect(calls[0].body).toEqual({ meeting_ids: ['m1'], attendees: [{ email: 'bob@example.com' }], message_string: 'See you' });
    act(() => void jest.advanceTimersByTime(1999));
    expect(screen.queryByText('Root page')).toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.getByText('Root page')).toBeTruthy();
  });

  it('copies the share link and shows "link copied" for 2 seconds', async () => {
    jest.useFakeTimers();
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    renderScreen(<ShareDialog meetings={[hosted]} onClose={jest.fn()} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy Share Link' })));

    expect(copied).toEqual([`${window.location.origin}/home/meeting/m1`]);
    expect(screen.getByText('link copied')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(2000));
    expect(screen.queryByText('link copied')).toBeNull();
  });
});

describe('FeedbackDialog', () => {
  afterEach(() => jest.useRealTimers());

  it('asks for a rating when Submit is pressed without one, then posts the rating and note', async () => {
    replyTo = () => ({ status: 201, json: {} });
    renderScreen(<FeedbackDialog email="grace@example.com" meetingId="m1" onClose={jest.fn()} />);
    expect(screen.getByText('Very Poor')).toBeTruthy();
    expect(screen.getByText('Excellent')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(calls).toEqual([]);
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a rating from 1 to 10 before submitting.');
    fireEvent.click(screen.getByRole('button', { name: '9' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Great' } });
    expect(screen.getByText('5/400')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST', url: '/api/surveys/meeting/',
      body: { email: 'grace@example.com', meeting_id: 'm1', rating: 9, maximum_rating: 10, note: 'Great' },
    });
  });

  it('disables Submit while posting and enables it again after a failure', async () => {
    let fail!: (reply: { status: number }) => void;
    replyTo = () => new Promise((resolve) => { fail = resolve; });
    renderScreen(<FeedbackDialog email="grace@example.com" meetingId={null} onClose={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '3' }));

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const button = await screen.findByRole('button', { name: 'Submitting…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => fail({ status: 500 }));

    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Hmmm...something went wrong, please try again.');
  });

  it('goes to / 2 seconds after a successful submission', async () => {
    jest.useFakeTimers();
    replyTo = () => ({ status: 201, json: {} });
    renderScreen(<FeedbackDialog email="grace@example.com" meetingId={null} onClose={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '10' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    act(() => void jest.advanceTimersByTime(1999));
    expect(screen.queryByText('Root page')).toBeNull();
    act(() => void jest.advanceTimersByTime(1));

    expect(screen.getByText('Root page')).toBeTruthy();
  });
});
