import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { UPLOAD_PLACEHOLDER_NAME } from '../../functions/contracts/meetings.js';
import { SPEAKER_NAME_MESSAGES } from '../../functions/core/transcripts/speaker-names.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { fixtureClip } from '../helpers/clips.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { fixture, HAPPY_PATH_STATES, missingInOrder, pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

const require = createRequire(import.meta.url);
const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const LINE = /^\[\d{2}:\d{2}:\d{2}\] Speaker \d+: \S.*$/;
// The speech engine (Whisper tiny.en) runs at a fraction of real time per core; generous so a busy machine is slow, not red.
const PROCESSING = 600_000;

let edition: LocalEdition;
let dataDir: string;
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));
const users: Record<'m4a' | 'mp4' | 'short' | 'junk' | 'guest', SignedInUser> = {} as never;
const meetings: Record<'m4a' | 'mp4' | 'short' | 'junk', string> = {} as never;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-pipeline-'));
  // Waits and retry intervals at a fifth: the poll loop still waits (1 s) between calls.
  edition = await startLocalEdition({ dataDir: path.join(dataDir, 'data'), port: 0, waitScale: 0.2 });
  for (const name of ['m4a', 'mp4', 'short', 'junk', 'guest'] as const) {
    users[name] = await signUpAndSignIn(edition.url, `${name}@pipeline.example.com`);
  }
  const shortClip = path.join(dataDir, 'short.m4a');
  const cut = spawnSync(FFMPEG, ['-nostdin', '-loglevel', 'error', '-y', '-i', fixture('meeting_ami.m4a'), '-t', '12', '-c', 'copy', shortClip]);
  if (cut.status !== 0) throw new Error(`ffmpeg could not cut the short clip: ${cut.stderr}`);
  // The video: the first 61 s of meeting_constructed.mp4 (148 s, 98 s of it speech), just over a minute, so charged as 2.
  const video = await fixtureClip('meeting_constructed.mp4', 61, path.join(dataDir, 'clip'));
  // All four run at once, as uploads by four users would: the speech engine uses both cores.
  [meetings.m4a, meetings.mp4, meetings.short, meetings.junk] = await Promise.all([
    h.uploadFixture(users.m4a.access, 'meeting_ami.m4a'),
    h.uploadMeeting(users.mp4.access, 'meeting_constructed.mp4', await readFile(video), 'meeting_constructed.mp4'),
    // Still under the browser's placeholder name, as when the tab closed after the upload arrived (issue 17).
    h.uploadMeeting(users.short.access, UPLOAD_PLACEHOLDER_NAME, await readFile(shortClip), 'short.m4a'),
    h.uploadMeeting(users.junk.access, 'Notes', Buffer.from('These are my meeting notes, not a recording.\n'.repeat(50)), 'notes.m4a'),
  ]);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('happy path: an m4a upload', () => {
  it('runs every state once per loop and ends ready, with a speaker-labelled transcript and one minute charged', async () => {
    const meeting = await h.waitForMeeting(users.m4a.access, meetings.m4a, h.settled, PROCESSING);
    expect(meeting.processing).toMatchObject({
      status: 'ready', percent: 100, reason: null, transcript: 'ready', too_short: false, duration_seconds: 60, minutes_charged: 1,
    });
    expect(meeting.recording_available).toBe(true);
    expect(Date.parse(meeting.end_time) - Date.parse(meeting.start_time)).toBe(60_000);

    const [execution, ...others] = await h.executionsOf(meetings.m4a);
    expect(others).toHaveLength(0);
    expect(execution!.status).toBe('SUCCEEDED');
    const states = await h.statesEntered(execution!.executionArn!);
    expect(states.slice(0, 5)).toEqual(HAPPY_PATH_STATES.slice(0, 5));
    expect(missingInOrder(states, HAPPY_PATH_STATES)).toBeUndefined();
    expect(states.at(-1)).toBe('Done');
    expect(states).not.toContain('MarkFailed');
    expect(states).not.toContain('TranscriptionFailed');

    expect(await h.minutesLeft(users.m4a.userId)).toBe(59);
    expect(await h.charges(meetings.m4a)).toEqual([expect.objectContaining({ userId: users.m4a.userId, minutes: 1, refunded: false })]);
  }, PROCESSING);

  it('skips the video branch: no frames read, no slide text to find', async () => {
    const [execution] = await h.executionsOf(meetings.m4a);
    const states = await h.statesEntered(execution!.executionArn!);
    expect(execution!.status).toBe('SUCCEEDED');
    expect(states.filter((s) => s === 'OcrFrame')).toEqual([]);
    expect((await h.api('POST', 'search/search_content/', users.m4a.access, { query: 'agenda', meeting_id: meetings.m4a })).body.total_matches).toBe(0);
  });

  it('serves the transcript file with [HH:mm:ss] Speaker N lines and its speaker names', async () => {
    const link = await h.api('GET', `meetings/${meetings.m4a}/transcript/`, users.m4a.access);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ status: 'ready', reason: null, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) });
    expect(Date.parse(link.body.expiration_time)).toBeGreaterThan(Date.now() + 50 * 60_000);
    const text = await (await fetch(link.body.url)).text();
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(LINE);

    const names = await h.api('GET', `meetings/${meetings.m4a}/speaker_names/`, users.m4a.access);
    expect(names.status).toBe(200);
    expect(names.body.status).toBe('ready');
    const labels = Object.keys(names.body.speakerNames);
    expect(labels.length).toBeGreaterThanOrEqual(1);
    for (const label of labels) expect(names.body.speakerNames[label]).toBe(label);
    const fromFile = new Set(lines.map((l) => /\] (Speaker \d+):/.exec(l)![1]));
    expect([...fromFile].sort()).toEqual([...labels].sort());
  });

  it('lets the host rename a speaker, rewrites the file, and refuses unchanged names and participants', async () => {
    const id = meetings.m4a;
    const shared = await h.api('POST', 'meetings/attendees/', users.m4a.access, { meeting_ids: [id], attendees: [{ email: 'guest@pipeline.example.com' }], message_string: '' });
    expect(shared.status).toBe(200);
    const { speakerNames } = (await h.api('GET', `meetings/${id}/speaker_names/`, users.guest.access)).body;

    const unchanged = await h.api('PUT', `meetings/${id}/update_speaker_names/`, users.m4a.access, { speakerNames });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body).toEqual({ detail: SPEAKER_NAME_MESSAGES.unchanged });

    const byGuest = await h.api('PUT', `meetings/${id}/update_speaker_names/`, users.guest.access, { speakerNames: { 'Speaker 1': 'Mallory' } });
    expect(byGuest.status).toBe(403);
    const byStranger = await h.api('GET', `meetings/${id}/transcript/`, users.junk.access);
    expect(byStranger.status).toBe(404);

    const renamed = await h.api('PUT', `meetings/${id}/update_speaker_names/`, users.m4a.access, { speakerNames: { 'Speaker 1': '  Ada   Lovelace ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.speakerNames['Speaker 1']).toBe('Ada Lovelace');
    const text = await (await fetch((await h.api('GET', `meetings/${id}/transcript/`, users.guest.access)).body.url)).text();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] Ada Lovelace: /m);
    expect(text).not.toMatch(/\] Speaker 1: /);
    expect((await h.api('GET', `meetings/${id}/speaker_names/`, users.guest.access)).body.speakerNames['Speaker 1']).toBe('Ada Lovelace');
  });
});

describe('happy path: an mp4 upload (video with sound)', () => {
  it('ends ready with its 61 s charged as 2 minutes', async () => {
    const meeting = await h.waitForMeeting(users.mp4.access, meetings.mp4, h.settled, PROCESSING);
    expect(meeting.processing).toMatchObject({ status: 'ready', transcript: 'ready', minutes_charged: 2, too_short: false });
    expect(meeting.processing.duration_seconds).toBeCloseTo(61, 0);
    const [execution] = await h.executionsOf(meetings.mp4);
    expect(execution!.status).toBe('SUCCEEDED');
    expect(missingInOrder(await h.statesEntered(execution!.executionArn!), HAPPY_PATH_STATES)).toBeUndefined();
    expect(await h.minutesLeft(users.mp4.userId)).toBe(58);
    const text = await (await fetch((await h.api('GET', `meetings/${meetings.mp4}/transcript/`, users.mp4.access)).body.url)).text();
    expect(text.trimEnd().split('\n').every((l) => LINE.test(l))).toBe(true);
  }, PROCESSING);

  // The video branch (was search-pipeline.test.ts, which processed the same two fixtures in an edition of its own).
  it('reads the slide into text search, beside the transcript', async () => {
    await h.waitForMeeting(users.mp4.access, meetings.mp4, h.settled, PROCESSING);
    const [execution] = await h.executionsOf(meetings.mp4);
    const states = await h.statesEntered(execution!.executionArn!);
    expect(execution!.status).toBe('SUCCEEDED');
    expect(states).toEqual(expect.arrayContaining(['ExtractFrames', 'OcrFrames', 'OcrFrame', 'IndexFrames', 'IndexSpokenWords']));
    expect(states).not.toContain('FrameNotRead');
    const found = await h.api('POST', 'search/search_content/', users.mp4.access, { query: 'reading group', meeting_id: meetings.mp4 });
    expect(found.body.total_matches).toBeGreaterThan(0);
    expect(found.body.matched_data[0].words.map((w: { text: string }) => w.text)).toEqual(['Reading', 'group:']);
  }, PROCESSING);
});

describe('too short: a 12 s recording', () => {
  it('is still transcribed, flagged too short, and charged one minute', async () => {
    const meeting = await h.waitForMeeting(users.short.access, meetings.short, h.settled, PROCESSING);
    expect(meeting.processing).toMatchObject({ status: 'ready', too_short: true, minutes_charged: 1, transcript: 'ready' });
    expect(meeting.processing.duration_seconds).toBeCloseTo(12, 0);
    expect(await h.minutesLeft(users.short.userId)).toBe(59);
  }, PROCESSING);

  it('gets a real name when its browser never named it, so the row does not say the upload failed', async () => {
    const meeting = await h.waitForMeeting(users.short.access, meetings.short, h.settled, PROCESSING);
    // Named after the uploaded file (short.m4a), as the browser would have named it.
    expect(meeting.name).toBe('short');
    expect(meeting.recording_available).toBe(true);
  }, PROCESSING);
});

describe('a non-media file', () => {
  it('fails at ProbeMedia with a clear reason, charges nothing and produces no transcript', async () => {
    const meeting = await h.waitForMeeting(users.junk.access, meetings.junk, h.settled, PROCESSING);
    expect(meeting.processing).toMatchObject({
      status: 'failed', step: 'ProbeMedia', transcript: 'failed',
      reason: 'The uploaded file is not an audio or video recording. Upload an mp4 or m4a file.',
    });
    const [execution] = await h.executionsOf(meetings.junk);
    expect(execution).toMatchObject({ status: 'FAILED', error: 'ProcessingFailed', cause: meeting.processing.reason });
    expect(await h.statesEntered(execution!.executionArn!)).toEqual(['WhatWasGiven?', 'StartProcessing', 'IsThisRunClaimed?', 'ProbeMedia', 'MarkFailed', 'ProcessingFailed']);
    expect(await h.minutesLeft(users.junk.userId)).toBe(60);
    expect(await h.charges(meetings.junk)).toEqual([]);
    const link = await h.api('GET', `meetings/${meetings.junk}/transcript/`, users.junk.access);
    expect(link.body).toEqual({ url: null, expiration_time: null, status: 'failed', reason: meeting.processing.reason });
  }, PROCESSING);
});

describe('a re-delivered upload event', () => {
  it('starts no second run: the new execution ends as AlreadyProcessing and nothing is charged again', async () => {
    await h.waitForMeeting(users.m4a.access, meetings.m4a, h.settled, PROCESSING);
    const [first] = await h.executionsOf(meetings.m4a);
    const { sfn } = h.clients();
    // EventBridge delivers at least once: the same event again, under a new execution name.
    await sfn.send(new StartExecutionCommand({ stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id), input: first!.input }));
    // And the SPA's "make sure it started" call for the same upload: processed already, so nothing is started (#19).
    const index = await h.api('GET', `meetings/${meetings.m4a}/index_meeting_request/`, users.m4a.access);
    expect(index).toMatchObject({ status: 200, body: { status: 'already_processed' } });

    const runs = await h.executionsOf(meetings.m4a);
    expect(runs).toHaveLength(2);
    for (const again of runs.slice(1)) {
      expect(again.status).toBe('SUCCEEDED');
      expect(await h.statesEntered(again.executionArn!)).toEqual(['WhatWasGiven?', 'StartProcessing', 'IsThisRunClaimed?', 'AlreadyProcessing']);
    }
    expect(await h.runClaims(meetings.m4a)).toEqual([expect.objectContaining({ executionId: first!.executionArn, status: 'succeeded', attempt: 1 })]);
    expect(await h.minutesLeft(users.m4a.userId)).toBe(59);
    expect((await h.api('GET', `meetings/${meetings.m4a}/`, users.m4a.access)).body.processing.status).toBe('ready');
  }, PROCESSING);
});

describe('a meeting whose upload is not processed yet', () => {
  it('answers the transcript calls with no url and its status', async () => {
    const created = await h.api('POST', 'meetings/', users.guest.access, { name: 'Nothing uploaded' });
    const link = await h.api('GET', `meetings/${created.body.id}/transcript/`, users.guest.access);
    expect(link).toMatchObject({ status: 200, body: { url: null, expiration_time: null, status: 'not_uploaded', reason: null } });
    const names = await h.api('GET', `meetings/${created.body.id}/speaker_names/`, users.guest.access);
    expect(names.body).toEqual({ speakerNames: {}, status: 'not_uploaded' });
    const update = await h.api('PUT', `meetings/${created.body.id}/update_speaker_names/`, users.guest.access, { speakerNames: { 'Speaker 1': 'Ada' } });
    expect(update.status).toBe(400);
    expect((await h.api('GET', `meetings/${created.body.id}/`, users.guest.access)).body.processing).toBeUndefined();
  });
});
