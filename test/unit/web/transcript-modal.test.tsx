/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '../../../functions/contracts/auth-users.js';
import type { MeetingView } from '../../../functions/contracts/meetings.js';
import { MeetingsArea } from '../../../web/src/app/home/meetings-area.js';
import { TranscriptModal } from '../../../web/src/features/transcript/components/transcript-modal.js';
import { fakeFetch } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

/** The network boundary: a fake fetch answering by method and URL (JSON for the API, text for the file link). */
interface Call { method: string; url: string; body: unknown }
type Reply = { status: number; json?: unknown; text?: string } | 'no-answer';
let calls: Call[];
let replyTo: (call: Call) => Reply;

beforeEach(() => {
  calls = [];
  globalThis.fetch = fakeFetch(calls, (call) => replyTo(call));
});

const FILE_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.txt?X-Amz-Signature=abc';
const TEXT = '[00:00:02] Speaker 1: Good morning everyone.\n[00:00:40] Speaker 2: Thanks, the budget is ready.\n[01:00:05] Speaker 1: Wrapping up.\n';
const ready = { status: 200, json: { url: FILE_URL, expiration_time: '2030-01-01T00:00:00Z', status: 'ready', reason: null } };
const names = { status: 200, json: { speakerNames: { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' }, status: 'ready' } };
const recording = { status: 200, json: { name: 'Weekly', video_url: 'http://127.0.0.1:9/rec.m4a', expiration_time: 'x' } };

/** Answers a ready transcript, its names and recording; `extra` answers first. */
function readyServer(extra: (call: Call) => Reply | undefined = () => undefined, text = TEXT) {
  replyTo = (call) => extra(call) ?? (
    call.url.startsWith(FILE_URL) ? { status: 200, text }
      : call.url.endsWith('/transcript/') ? ready
        : call.url.endsWith('/speaker_names/') ? names
          : call.url.endsWith('/video/') ? recording
            : { status: 500, json: { detail: 'unexpected' } });
}

const requested = (method: string, part: string) => calls.filter((c) => c.method === method && c.url.includes(part));


/** jsdom's Blob has no text(); FileReader reads it. */
const readBlob = (blob: Blob) => new Promise<unknown>((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result);
  reader.readAsText(blob);
});

const openModal = (canLabel = true) => renderFresh(<TranscriptModal meetingId="m1" meetingName="Weekly" canLabel={canLabel} onClose={() => undefined} />);

describe('TranscriptModal', () => {
  it('shows each line with its time (m:ss, H:mm:ss from an hour) and speaker', async () => {
    readyServer();
    openModal();

    const list = await screen.findByRole('list', { name: 'Transcript' });
    const lines = within(list).getAllByRole('listitem').map((li) => li.textContent);

    expect(lines).toEqual(['0:02Speaker 1Good morning everyone.', '0:40Speaker 2Thanks, the budget is ready.', '1:00:05Speaker 1Wrapping up.']);
    expect(requested('GET', FILE_URL)[0].url).toBe(FILE_URL);
  });

  it('offers nothing to play for an imported transcript without a recording, and asks for no recording', async () => {
    readyServer();
    renderFresh(<TranscriptModal meetingId="m1" meetingName="Weekly" canLabel hasRecording={false} onClose={() => undefined} />);

    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toBe('0:40Speaker 2Thanks, the budget is ready.');
    expect(screen.queryByRole('button', { name: 'Play recording' })).toBeNull();
    expect(within(list).queryAllByRole('button', { name: /^Play from/ })).toEqual([]);
    fireEvent.click(within(list).getByText('Thanks, the budget is ready.'));
    expect(requested('GET', '/video/')).toEqual([]);
  });

  it('says the transcript is not ready (about 10 minutes) while it is processed', async () => {
    replyTo = () => ({ status: 200, json: { url: null, expiration_time: null, status: 'processing', reason: null } });
    openModal();

    expect((await screen.findByRole('status')).textContent).toMatch(/about 10 minutes/);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('shows the processing failure text with the reason when processing failed', async () => {
    replyTo = () => ({ status: 200, json: { url: null, expiration_time: null, status: 'failed', reason: 'No speech engine is installed.' } });
    openModal();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an error processing your meeting transcript. Please contact support.');
    expect(alert.textContent).toContain('No speech engine is installed.');
  });

  it('shows the processing failure text when the transcript cannot be fetched', async () => {
    replyTo = () => ({ status: 500, json: { detail: 'boom' } });
    openModal();

    expect((await screen.findByRole('alert')).textContent).toBe('There was an error processing your meeting transcript. Please contact support.');
  });

  it('offers Label Speaker Names to the host only', async () => {
    readyServer();
    const { unmount } = openModal(false);
    await screen.findByRole('list', { name: 'Transcript' });
    expect(screen.queryByRole('button', { name: 'Label Speaker Names' })).toBeNull();
    unmount();

    openModal(true);

    expect(await screen.findByRole('button', { name: 'Label Speaker Names' })).toBeTruthy();
  });

  it('refuses unchanged names and empty names without calling the server', async () => {
    readyServer();
    openModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Label Speaker Names' }));
    const first = (await screen.findByLabelText('Speaker 1')) as HTMLInputElement;

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please edit the speaker names before clicking Update.');
    fireEvent.change(first, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a name for every speaker.');
    expect(first.required).toBe(true);
    expect(requested('PUT', 'update_speaker_names')).toHaveLength(0);
  });

  it('sends the changed name, then shows the rewritten transcript', async () => {
    const renamed = TEXT.replaceAll('Speaker 1:', 'Grace Hopper:');
    const newUrl = `${FILE_URL}&v=2`;
    readyServer((call) => {
      if (call.method === 'PUT') return { status: 200, json: { speakerNames: { 'Speaker 1': 'Grace Hopper', 'Speaker 2': 'Speaker 2' }, url: newUrl, expiration_time: 'x' } };
      if (call.url === newUrl) return { status: 200, text: renamed };
      return undefined;
    });
    openModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Label Speaker Names' }));
    fireEvent.change(await screen.findByLabelText('Speaker 1'), { target: { value: ' Grace Hopper ' } });

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect((await screen.findByRole('status')).textContent).toBe('Speaker names updated.');
    expect(requested('PUT', '/api/meetings/m1/update_speaker_names/')[0].body).toEqual({ speakerNames: { 'Speaker 1': 'Grace Hopper' } });
    const lines = within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(lines[0].textContent).toBe('0:02Grace HopperGood morning everyone.');
    expect(screen.queryByRole('form', { name: 'Label speaker names' })).toBeNull();
  });

  it.each([
    ['the update fails', { status: 500, json: { detail: 'boom' } } as Reply, undefined, 'There was an error updating your speaker names. Please contact support.'],
    ['the server refuses the names', { status: 400, json: { speakerNames: ['There is no Speaker 9 in this transcript.'] } } as Reply, undefined, 'There was an issue updating your speaker names. Please contact support.'],
    ['the server says nothing changed', { status: 400, json: { detail: 'Please edit the speaker names before clicking Update.' } } as Reply, undefined, 'Please edit the speaker names before clicking Update.'],
    ['the rewritten file does not answer', undefined, 'no-answer' as Reply, 'There was an error retrieving your updated transcript. Please contact support.'],
    ['the rewritten file answers an error', undefined, { status: 403, text: 'denied' } as Reply, 'There was an issue retrieving your updated transcript. Please contact support.'],
  ])('shows the §8 text when %s', async (_case, putReply, fileReply, message) => {
    const newUrl = `${FILE_URL}&v=2`;
    readyServer((call) => {
      if (call.method === 'PUT') return putReply ?? { status: 200, json: { speakerNames: { 'Speaker 1': 'Ada', 'Speaker 2': 'Speaker 2' }, url: newUrl, expiration_time: 'x' } };
      if (call.url === newUrl) return fileReply;
      return undefined;
    });
    openModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Label Speaker Names' }));
    fireEvent.change(await screen.findByLabelText('Speaker 1'), { target: { value: 'Ada' } });

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  describe('download', () => {
    let saved: Blob[];
    let clicked: HTMLAnchorElement[];
    beforeEach(() => {
      saved = [];
      clicked = [];
      URL.createObjectURL = (blob: Blob) => { saved.push(blob); return 'blob:transcript'; };
      URL.revokeObjectURL = () => undefined;
      HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) { clicked.push(this); };
    });

    it('fetches a fresh link and saves the file as speaker_labeled_transcript.txt', async () => {
      readyServer();
      openModal();
      await screen.findByRole('list', { name: 'Transcript' });

      fireEvent.click(screen.getByRole('button', { name: 'Download' }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0].download).toBe('speaker_labeled_transcript.txt');
      expect(clicked[0].href).toBe('blob:transcript');
      expect(await readBlob(saved[0])).toBe(TEXT);
      expect(calls.filter((c) => c.url.endsWith('/transcript/'))).toHaveLength(2);
    });

    it('downloads the chosen format (SRT) from ?format=srt under its own file name', async () => {
      const SRT_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.srt?X-Amz-Signature=abc';
      const SRT = '1\n00:00:02,000 --> 00:00:04,000\nSpeaker 1: Good morning everyone.\n';
      readyServer((call) => (call.url.endsWith('/transcript/?format=srt')
        ? { status: 200, json: { url: SRT_URL, expiration_time: '2030-01-01T00:00:00Z', status: 'ready', reason: null } }
        : call.url.startsWith(SRT_URL) ? { status: 200, text: SRT } : undefined));
      openModal(false);
      await screen.findByRole('list', { name: 'Transcript' });

      fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'srt' } });
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(clicked[0].download).toBe('speaker_labeled_transcript.srt');
      expect(await readBlob(saved[0])).toBe(SRT);
      expect(requested('GET', '/transcript/?format=srt')).toHaveLength(1);
    });

    it('says there was a problem when the link cannot be had, and an error when the file cannot', async () => {
      let linkCalls = 0;
      readyServer((call) => (call.url.endsWith('/transcript/') && ++linkCalls === 2 ? { status: 500, json: {} } : undefined));
      openModal();
      await screen.findByRole('list', { name: 'Transcript' });

      fireEvent.click(screen.getByRole('button', { name: 'Download' }));
      expect((await screen.findByRole('alert')).textContent).toBe('There was a problem downloading your meeting transcript.');
      readyServer((call) => (call.url.startsWith(FILE_URL) ? 'no-answer' : undefined));
      fireEvent.click(screen.getByRole('button', { name: 'Download' }));

      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('There was an error downloading your meeting transcript.'));
      expect(clicked).toHaveLength(0);
    });
  });

  it('plays the recording from a clicked line and highlights the line being played', async () => {
    readyServer();
    openModal();
    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(list.querySelector('[aria-current]')).toBeNull();

    fireEvent.click(within(list).getByText('Thanks, the budget is ready.'));
    const player = await screen.findByTestId('transcript-player');
    const video = await within(player).findByLabelText('Recording of Weekly from 0:40') as HTMLVideoElement;
    expect(player.getAttribute('data-at')).toBe('40');
    let position = 0;
    Object.defineProperty(video, 'currentTime', { get: () => position, set: (v: number) => { position = v; }, configurable: true });
    video.play = () => Promise.resolve();
    act(() => { fireEvent(video, new Event('loadedmetadata')); });

    expect(position).toBe(40);
    expect(within(list).getAllByRole('listitem')[1].getAttribute('aria-current')).toBe('true');
    position = 3605;
    fireEvent.timeUpdate(video);
    expect(within(list).getAllByRole('listitem')[2].getAttribute('aria-current')).toBe('true');
    expect(within(list).getAllByRole('listitem')[1].getAttribute('aria-current')).toBeNull();
    expect(requested('GET', '/api/meetings/m1/video/')).toHaveLength(1);
  });
});

describe('finding words in the transcript', () => {
  const marks = (list: HTMLElement) => [...list.querySelectorAll('mark')].map((m) => `${m.closest('li')!.getAttribute('data-line')}:${m.textContent}`);
  const current = (list: HTMLElement) => [...list.querySelectorAll('mark[data-find-current]')].map((m) => m.closest('li')!.getAttribute('data-line'));

  it('highlights the matches, says "1 of 2", moves with Enter, Shift+Enter and the arrow buttons, and keeps each line\'s text', async () => {
    readyServer();
    openModal();
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const field = screen.getByRole('searchbox', { name: 'Find in transcript' });

    fireEvent.change(field, { target: { value: 'ING' } });
    expect(marks(list)).toEqual(['0:ing', '2:ing']);
    expect(screen.getByText('1 of 2').getAttribute('aria-live')).toBe('polite');
    expect(current(list)).toEqual(['0']);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toBe('0:02Speaker 1Good morning everyone.');

    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByText('2 of 2')).toBeTruthy();
    expect(current(list)).toEqual(['2']);
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(current(list)).toEqual(['0']);
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(current(list)).toEqual(['2']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByText('1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByText('2 of 2')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'nowhere' } });
    expect(screen.getByText('No matches')).toBeTruthy();
    expect(marks(list)).toEqual([]);
    expect((screen.getByRole('button', { name: 'Next match' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('focuses the field on Ctrl+F inside the modal, and clears it on Escape without closing the modal', async () => {
    readyServer();
    const closed = jest.fn();
    renderFresh(<TranscriptModal meetingId="m1" meetingName="Weekly" canLabel onClose={closed} />);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const field = screen.getByRole('searchbox', { name: 'Find in transcript' }) as HTMLInputElement;

    const find = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => { within(list).getAllByRole('button', { name: /^Play from/ })[0]!.dispatchEvent(find); });
    expect(find.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(field);

    fireEvent.change(field, { target: { value: 'budget' } });
    expect(marks(list)).toEqual(['1:budget']);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('');
    expect(marks(list)).toEqual([]);
    expect(closed).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(closed).toHaveBeenCalledTimes(1);
  });
});

describe('the player that follows the words', () => {
  const JSON_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.json?X-Amz-Signature=abc';
  const word = (text: string, start: number) => ({ text, start, end: start + 0.4, speaker: 'Speaker 1', confidence: 0.9 });
  const WORDS_JSON = {
    meetingId: 'm1', durationSeconds: 3700, speakers: [],
    lines: [
      { words: [word('Good', 2), word('morning', 2.5), word('everyone.', 3)] },
      { words: [word('Thanks,', 40), word('the', 40.5), word('budget', 41), word('is', 41.5), word('ready.', 42)] },
      { words: [word('Wrapping', 3605), word('up.', 3606)] },
    ],
  };
  const wordsServer = () => readyServer((call) => (call.url.endsWith('/transcript/?format=json')
    ? { status: 200, json: { url: JSON_URL, expiration_time: 'x', status: 'ready', reason: null } }
    : call.url.startsWith(JSON_URL) ? { status: 200, text: JSON.stringify(WORDS_JSON) } : undefined));

  async function videoOf(list: HTMLElement) {
    const player = await screen.findByTestId('transcript-player');
    const video = await within(player).findByLabelText(/^Recording of Weekly from/) as HTMLVideoElement;
    let position = 0;
    let paused = true;
    Object.defineProperty(video, 'currentTime', { get: () => position, set: (v: number) => { position = v; }, configurable: true });
    Object.defineProperty(video, 'paused', { get: () => paused, configurable: true });
    Object.defineProperty(video, 'duration', { get: () => 3700, configurable: true });
    video.play = () => { paused = false; return Promise.resolve(); };
    video.pause = () => { paused = true; };
    act(() => { fireEvent(video, new Event('loadedmetadata')); });
    return { video, at: () => position, isPaused: () => paused, list };
  }

  it('seeks to a clicked word, marks the word being played, and answers Space and the arrow keys', async () => {
    wordsServer();
    openModal(false);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const budget = await within(list).findByText('budget');

    fireEvent.click(budget);
    const { video, at, isPaused } = await videoOf(list);

    expect(at()).toBe(41);
    expect(isPaused()).toBe(false);
    expect(within(list).getAllByRole('listitem')[1].getAttribute('aria-current')).toBe('true');
    expect(within(list).getByText('budget').className).toContain('transcript-word-active');
    fireEvent.keyDown(list, { key: ' ' });
    expect(isPaused()).toBe(true);
    fireEvent.keyDown(list, { key: ' ' });
    expect(isPaused()).toBe(false);
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(at()).toBe(46);
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(at()).toBe(36);
    fireEvent.timeUpdate(video);
    expect(within(list).getAllByRole('listitem')[0].getAttribute('aria-current')).toBe('true');
    expect(within(list).getByText('everyone.').className).toContain('transcript-word-active');
  });

  it('puts the player beside the transcript once playing (stacked by the phone layout)', async () => {
    wordsServer();
    openModal(false);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(screen.getByRole('dialog').className).not.toContain('transcript-with-player');

    fireEvent.click(screen.getByRole('button', { name: 'Play recording' }));
    await videoOf(list);

    expect(screen.getByRole('dialog').className).toContain('transcript-with-player');
  });
});

describe('correcting the words of a line', () => {
  it('lets the host correct a line, sends it and shows the rewritten transcript', async () => {
    let text = TEXT;
    readyServer((call) => {
      if (call.method === 'PUT' && call.url.endsWith('/update_transcript_line/')) {
        text = TEXT.replace('Thanks, the budget is ready.', (call.body as { text: string }).text);
        return { status: 200, json: { line: 1, turn: {}, url: FILE_URL, expiration_time: 'x' } };
      }
      return call.url.startsWith(FILE_URL) ? { status: 200, text } : undefined;
    });
    openModal(true);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(list).queryByRole('button', { name: /^Edit line/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Correct words' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Edit line at 0:40' }));
    fireEvent.change(within(list).getByLabelText('Text of the line at 0:40'), { target: { value: 'Thanks, the budget is final.' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(list).getByText('Thanks, the budget is final.')).toBeTruthy());
    expect(requested('PUT', '/api/meetings/m1/update_transcript_line/')[0].body).toEqual({ line: 1, text: 'Thanks, the budget is final.' });
    expect((await screen.findByRole('status')).textContent).toBe('Line corrected. The downloads and search use the corrected words. The meeting notes were made from the earlier text: open Notes to regenerate them.');
  });

  it('shows the server\'s refusal in the line', async () => {
    readyServer((call) => (call.method === 'PUT' ? { status: 400, json: { text: ['A line cannot be empty. Put back at least one word.'] } } : undefined));
    openModal(true);
    const list = await screen.findByRole('list', { name: 'Transcript' });
    fireEvent.click(screen.getByRole('button', { name: 'Correct words' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Edit line at 0:02' }));
    fireEvent.change(within(list).getByLabelText('Text of the line at 0:02'), { target: { value: ' ' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Save' }));
    expect((await within(list).findByRole('alert')).textContent).toBe('A line cannot be empty. Put back at least one word.');
  });

  it('offers no correcting to a participant', async () => {
    readyServer();
    openModal(false);
    await screen.findByRole('list', { name: 'Transcript' });
    expect(screen.queryByRole('button', { name: 'Correct words' })).toBeNull();
  });
});

describe('MeetingsArea review options', () => {
  const grace = { id: 'a1', name: 'grace', role: 'host' as const, email: 'grace@example.com', emails: { id: 'a1', email: 'grace@example.com' } };
  const hosted: MeetingView = {
    id: 'm1', name: 'Weekly', start_time: '2025-01-01T10:00:00Z', end_time: '2025-01-01T10:01:00Z', attendee_count: 1, boards_shared: 0,
    recording_available: true, attendees: [grace], hosts: [grace], is_sample: false,
    processing: { status: 'processing', step: 'Transcription', percent: 40, reason: null, too_short: false, duration_seconds: 60, minutes_charged: 1, transcript: 'processing', updated_at: 'x' },
  };
  const user = { id: 'u1', email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', minutes: 30 } as User;

  it('shows the processing status in the row', async () => {
    replyTo = () => ({ status: 200, json: { count: 1, results: [hosted] } });
    renderFresh(<MeetingsArea user={user} />);

    const row = await screen.findByRole('listitem', { name: 'Weekly' });

    expect(within(row).getByRole('status', { name: 'Processing status' }).textContent).toBe('Processing… 40 %');
  });

  it('opens the transcript modal from the menu', async () => {
    readyServer((call) => (call.url.startsWith('/api/meetings/?') ? { status: 200, json: { count: 1, results: [hosted] } } : undefined));
    renderFresh(<MeetingsArea user={user} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Weekly' }));

    fireEvent.click(screen.getByRole('menuitem', { name: 'Transcript' }));

    const dialog = await screen.findByRole('dialog', { name: 'Transcript: Weekly' });
    expect(await within(dialog).findByText('Good morning everyone.')).toBeTruthy();
  });

  it.each([
    ['transcript', 'Transcript: Weekly'],
    ['notes', 'Meeting Notes: Weekly'],
  ])('runs the %s operation of /dashboard/{id}/{operation} directly', async (operation, title) => {
    readyServer((call) => (call.url.startsWith('/api/meetings/?') ? { status: 200, json: { count: 1, results: [hosted] } } : call.url.includes('generated_notes') ? { status: 404, json: {} } : undefined));
    renderFresh(<MeetingsArea user={user} meetingId="m1" operation={operation} />);

    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
    expect(requested('GET', 'meeting_id=m1')).not.toHaveLength(0);
  });
});

describe('an imported transcript whose file gave no times', () => {
  const JSON_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.json?X-Amz-Signature=abc';
  const LINES: Array<[number, string]> = [[2, 'Good morning everyone.'], [40, 'Thanks, the budget is ready.'], [3605, 'Wrapping up.']];
  const line = ([start, text]: [number, string], estimated: boolean) => ({
    words: text.split(' ').map((w, i) => ({ text: w, start: start + i * 0.4, end: start + i * 0.4 + 0.4 })), ...(estimated ? { estimated: true } : {}),
  });
  const timingServer = (estimated: boolean) => readyServer((call) => (call.url.endsWith('/transcript/?format=json')
    ? { status: 200, json: { url: JSON_URL, expiration_time: 'x', status: 'ready', reason: null } }
    : call.url.startsWith(JSON_URL)
      ? { status: 200, text: JSON.stringify({ ...(estimated ? { timesEstimated: true } : {}), lines: LINES.map((l) => line(l, estimated)) }) }
      : undefined));
  const openImported = () => renderFresh(<TranscriptModal meetingId="m1" meetingName="Weekly" canLabel={false} hasRecording={false} onClose={() => undefined} />);

  it('marks the estimated times with ≈ and says why', async () => {
    timingServer(true);
    openImported();
    const list = await screen.findByRole('list', { name: 'Transcript' });

    await waitFor(() => expect(within(list).getAllByRole('listitem')[0].textContent).toBe('≈0:02Speaker 1Good morning everyone.'));
    expect(screen.getByText('The transcript file gave no times, so the times shown (≈) are estimated from the words.')).toBeTruthy();
    expect(within(list).getAllByTitle('Estimated: the transcript file gave no times')).toHaveLength(3);
  });

  it('shows times given by the file as they are', async () => {
    timingServer(false);
    openImported();
    const list = await screen.findByRole('list', { name: 'Transcript' });

    await waitFor(() => expect(requested('GET', JSON_URL.split('?')[0]!)).toHaveLength(1));
    expect(within(list).getAllByRole('listitem')[0].textContent).toBe('0:02Speaker 1Good morning everyone.');
    expect(screen.queryByText(/are estimated from the words/)).toBeNull();
  });
});
