/**
 * @jest-environment ./test/unit/web/jsdom-env.cjs
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TranscriptModal } from '../../../web/src/features/transcript/components/transcript-modal.js';
import { fakeFetch, type FetchCall, type FetchReply } from '../../helpers/fake-fetch.js';
import { renderFresh } from '../../helpers/fresh-swr.js';

/** Issue 30 in the SPA: suggested names accepted or dismissed with one click; recent names offered while renaming. */
let calls: FetchCall[];
let names: Record<string, string>;
let suggestions: { speaker: string; name: string; line: string; start: number; said_by: string }[];

const FILE_URL = 'http://127.0.0.1:9/media/artefacts/m1/speaker_labeled_transcript.txt?X-Amz-Signature=abc';
const text = () => `[00:00:02] ${names['Speaker 1']}: Hi, I'm Sarah from finance.\n[00:00:40] ${names['Speaker 2']}: Thanks, Sarah.\n`;
const SARAH = { speaker: 'Speaker 1', name: 'Sarah', line: "Hi, I'm Sarah from finance.", start: 2, said_by: 'Speaker 1' };

function reply(call: FetchCall): FetchReply {
  if (call.url.startsWith(FILE_URL)) return { status: 200, text: text() };
  if (call.url.endsWith('/transcript/')) return { status: 200, json: { url: FILE_URL, expiration_time: 'x', status: 'ready', reason: null } };
  if (call.url.endsWith('/speaker_names/')) return { status: 200, json: { speakerNames: names, status: 'ready' } };
  if (call.url.endsWith('/speaker_name_suggestions/')) return { status: 200, json: { suggestions } };
  if (call.url.endsWith('/speaker_name_options/')) return { status: 200, json: { names: [{ name: 'Priya Shah', source: 'meeting' }, { name: 'Dev Rao', source: 'recent' }] } };
  if (call.method === 'PUT' && call.url.endsWith('/update_speaker_names/')) {
    names = { ...names, ...(call.body.speakerNames as Record<string, string>) };
    suggestions = [];
    return { status: 200, json: { speakerNames: names, url: `${FILE_URL}&v=2`, expiration_time: 'x' } };
  }
  if (call.method === 'PUT' && call.url.endsWith('/dismiss_speaker_name_suggestion/')) {
    suggestions = suggestions.filter((s) => s.name !== call.body.name);
    return { status: 200, json: { suggestions } };
  }
  return { status: 404, json: { detail: 'Not found.' } };
}

beforeEach(() => {
  calls = [];
  names = { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' };
  suggestions = [SARAH];
  globalThis.fetch = fakeFetch(calls, reply);
});

const openModal = (canLabel: boolean) => renderFresh(
  <TranscriptModal meetingId="m1" meetingName="Weekly" canLabel={canLabel} onClose={() => undefined} />,
);
const put = (part: string) => calls.filter((c) => c.method === 'PUT' && c.url.includes(part));

describe('suggested speaker names in the transcript modal', () => {
  it('shows the host who a speaker may be with the line it comes from, and applies nothing without a click', async () => {
    openModal(true);

    const box = await screen.findByRole('region', { name: 'Suggested speaker names' });

    expect(box.textContent).toContain('Speaker 1 may be Sarah');
    expect(box.textContent).toContain("Hi, I'm Sarah from finance.");
    expect(put('update_speaker_names')).toEqual([]);
  });

  it('renames the speaker through the ordinary rename call on Accept, and the lines show the name', async () => {
    openModal(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Accept Sarah for Speaker 1' }));

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Transcript' })).getAllByRole('listitem')[0]!.textContent).toBe("0:02SarahHi, I'm Sarah from finance."));
    expect(put('update_speaker_names')[0]!.body).toEqual({ speakerNames: { 'Speaker 1': 'Sarah' } });
    expect(screen.queryByRole('region', { name: 'Suggested speaker names' })).toBeNull();
  });

  it('hides a dismissed suggestion without renaming anyone', async () => {
    openModal(true);

    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss Sarah for Speaker 1' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Suggested speaker names' })).toBeNull());
    expect(put('dismiss_speaker_name_suggestion')[0]!.body).toEqual({ speaker: 'Speaker 1', name: 'Sarah' });
    expect(put('update_speaker_names')).toEqual([]);
  });

  it('shows a reader no suggestions and never asks for them', async () => {
    openModal(false);

    await screen.findByRole('list', { name: 'Transcript' });

    expect(screen.queryByRole('region', { name: 'Suggested speaker names' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('speaker_name_suggestions'))).toEqual([]);
  });
});

describe('the rename fields', () => {
  it('offer the meeting\'s names and the host\'s recent ones as a list', async () => {
    openModal(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Label Speaker Names' }));
    const field = (await screen.findByLabelText('Speaker 2')) as HTMLInputElement;

    await waitFor(() => expect(field.list).not.toBeNull());
    const offered = [...field.list!.querySelectorAll('option')].map((o) => [o.value, o.textContent]);

    expect(offered).toEqual([['Priya Shah', 'In this meeting'], ['Dev Rao', 'Recently used']]);
  });
});
