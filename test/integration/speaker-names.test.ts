/**
 * Speakers by name from the meeting service (issue 30), on the local edition with its Zoom and Webex servers:
 * a Zoom recording with per-participant audio (three espeak-ng voices, each its own track) comes out with every
 * turn named after the person whose track carries it; a Webex recording with a transcript VTT takes its names
 * from the VTT's voices. (The timeline-only figure is measured by `npm run eval:platform-speakers`.)
 */
import { jest } from '@jest/globals';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';
import { synthesizeTracks, type TrueTurn } from '../helpers/speaker-tracks.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

const PROCESSING = 600_000;
jest.setTimeout(60_000);

let edition: LocalEdition;
let dir: string;
let user: SignedInUser;
const email = 'names@speakers.example.com';
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));
const myMeetings = async () => (await h.api('GET', 'meetings/?page=1', user.access)).body.results as any[];

const VOICES = [{ name: 'Alice Moreau', voice: 'en-us+f3', pitch: 70 }, { name: 'Bogdan Petrov', voice: 'en-gb-scotland+m1', pitch: 30 }, { name: 'Chen Wei', voice: 'en+m7', pitch: 50 }];
const LINES: [number, string][] = [
  [0, 'Good morning everyone, let us look at the budget for the spring fair.'],
  [1, 'The stage hire went up by two hundred pounds this year.'],
  [2, 'We could ask the school for their hall instead of a marquee.'],
  [0, 'That would save money. Who can call the school this week?'],
  [2, 'I will call them on Tuesday and ask about the date.'],
  [1, 'Then I will cancel the marquee once we hear back from them.'],
];

async function connect(service: 'z' | 'w') {
  const answer = await h.api('GET', `users/${service}_authorization_url/`, user.access);
  const back = new URL((await fetch(answer.body.authorization_url, { redirect: 'manual' })).headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const state = encodeURIComponent(back.searchParams.get('state')!);
  expect((await h.api('GET', `users/${user.userId}/${service}_user_access_token/?authorization_code=${code}&state=${state}`, user.access)).status).toBe(200);
}

async function importedMeeting(topic: string) {
  const meeting = await eventually(async () => {
    const found = (await myMeetings()).find((m) => m.name === topic);
    if (!found) throw new Error('not imported yet');
    return found;
  }, 60_000, 500);
  const done = await h.waitForMeeting(user.access, meeting.id, h.settled, PROCESSING);
  expect(done.processing).toMatchObject({ status: 'ready', transcript: 'ready' });
  const link = await h.api('GET', `meetings/${meeting.id}/transcript/?format=json`, user.access);
  const lines = (await (await fetch(link.body.url)).json()).lines as { speaker: string; start: number; end: number; text: string }[];
  return { id: meeting.id as string, lines };
}

/** The true speaker of a transcript line: the one whose turn it overlaps most. */
function truthOf(line: { start: number; end: number }, turns: readonly TrueTurn[]): string | undefined {
  const overlap = (t: TrueTurn) => Math.min(line.end, t.end) - Math.max(line.start, t.start);
  return [...turns].sort((a, b) => overlap(b) - overlap(a))[0]?.name;
}

let spoken: { tracks: string[]; turns: TrueTurn[]; mix: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-speakers-'));
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0.2 });
  user = await signUpAndSignIn(edition.url, email);
  // The local Zoom and Webex servers read recordings only from the data folder's dev-recordings/ (or the fixtures).
  const recordings = path.join(dir, 'data', 'dev-recordings');
  await mkdir(recordings, { recursive: true });
  spoken = await synthesizeTracks(recordings, VOICES, LINES);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a Zoom recording with per-participant audio', () => {
  it('names every turn after the participant whose own track carries it, without clustering', async () => {
    await connect('z');
    const made = await fetch(`${edition.url}/dev/zoom/recordings`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, topic: 'Spring fair (tracks)', provide: ['participant_audio'],
        participants: VOICES.map((v, i) => ({ name: v.name, email: `p${i}@speakers.example.com`, file: spoken.tracks[i] })) }),
    });
    expect(made.status).toBe(201);
    expect((await made.json()).recording.participant_audio_files).toHaveLength(3);

    const { id, lines } = await importedMeeting('Spring fair (tracks)');

    expect(lines.length).toBeGreaterThanOrEqual(LINES.length);
    for (const line of lines) expect([line.text, line.speaker]).toEqual([line.text, truthOf(line, spoken.turns)]);
    const names = (await h.api('GET', `meetings/${id}/speaker_names/`, user.access)).body.speakerNames;
    expect(Object.values(names).sort()).toEqual(VOICES.map((v) => v.name).sort());
  }, PROCESSING + 120_000);
});

describe('a Webex recording with a transcript', () => {
  it('names the speakers from the voices of the meeting transcript: at least 90 % of speech time carries the right name', async () => {
    await connect('w');
    const vtt = `WEBVTT\n\n${spoken.turns.map((t, i) => `${i + 1}\n${clock(t.start)} --> ${clock(t.end)}\n<v ${t.name}>${LINES[i]![1]}</v>\n`).join('\n')}`;
    const made = await fetch(`${edition.url}/dev/webex/recordings`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, topic: 'Spring fair (webex)', file: spoken.mix, transcript_vtt: vtt }),
    });
    expect(made.status).toBe(201);

    const { lines } = await importedMeeting('Spring fair (webex)');

    const seconds = (keep: (l: (typeof lines)[number]) => boolean) => lines.filter(keep).reduce((sum, l) => sum + (l.end - l.start), 0);
    const right = seconds((l) => l.speaker === truthOf(l, spoken.turns));
    expect(right / seconds(() => true)).toBeGreaterThanOrEqual(0.9);
  }, PROCESSING + 120_000);

  it('refuses a transcript_vtt that is not WebVTT', async () => {
    const made = await fetch(`${edition.url}/dev/webex/recordings`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, topic: 'Bad', file: spoken.mix, transcript_vtt: 'Alice: hello' }),
    });
    expect(made.status).toBe(400);
  });
});

function clock(s: number): string {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
}
