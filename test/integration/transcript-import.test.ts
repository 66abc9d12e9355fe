import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { TRANSCRIPT_IMPORT_MESSAGES } from '../../functions/contracts/transcripts.js';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { pipelineHarness } from './pipeline-harness.js';

/**
 * POST meetings/{id}/transcript_import/ against a running local edition: the file goes through the real gateway, the
 * meetings handler and the process-meeting state machine's transcript branch (docs/meetings.md, docs/pipeline.md).
 */
let dataDir: string;
let edition: LocalEdition;
const users: Record<'host' | 'guest' | 'stranger', SignedInUser> = {} as never;
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));

const cue = (from: number, to: number, name: string, text: string) => {
  const t = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
  return `${t(from)} --> ${t(to)}\n<v ${name}>${text}</v>\n`;
};
const VTT = ['WEBVTT', '',
  cue(0, 9, 'Ann Lee', 'Good morning. Today we plan the launch of the new mobile app and review the marketing budget.'),
  cue(9, 18, 'Raj Patel', 'The beta testers liked the onboarding, but the payment screen still crashes on older phones.'),
  cue(18, 27, 'Ann Lee', 'Raj, can you fix the payment crash and send the report to the vendor by Friday?'),
  cue(27, 36, 'Raj Patel', "Sure, I'll fix the payment crash and send the report to the vendor by Friday."),
  cue(36, 45, 'Ann Lee', "Great. We decided to launch the app on the twelfth of May, and I'll book the launch event."),
  cue(45, 54, 'Raj Patel', 'Sounds good. The marketing budget of twenty thousand euros covers the launch event as well.'),
].join('\n');

async function importFile(token: string, meetingId: string, body: string, contentType: string, fileName: string) {
  const response = await fetch(`${edition.url}/api/meetings/${meetingId}/transcript_import/?file_name=${encodeURIComponent(fileName)}`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, body,
  });
  return { status: response.status, body: await response.json() as any };
}

async function newMeeting(name: string) {
  const created = await h.api('POST', 'meetings/', users.host.access, { name });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function storedObjects(meetingId: string) {
  const s3 = new S3Client({ forcePathStyle: true });
  const listed = await Promise.all(['uploads', 'artefacts'].map((prefix) =>
    s3.send(new ListObjectsV2Command({ Bucket: MEDIA_BUCKET.localName, Prefix: `${prefix}/${meetingId}/` }))));
  return listed.flatMap((l) => l.Contents ?? []).map((o) => o.Key);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-transcript-import-'));
  edition = await startLocalEdition({ dataDir: path.join(dataDir, 'data'), port: 0, waitScale: 0.2 });
  for (const name of ['host', 'guest', 'stranger'] as const) users[name] = await signUpAndSignIn(edition.url, `${name}@import.example.com`);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('importing a WebVTT transcript with two named speakers', () => {
  let meetingId: string;
  let meeting: any;

  beforeAll(async () => {
    meetingId = await newMeeting('Launch planning');
    expect(await importFile(users.host.access, meetingId, VTT, 'text/vtt', 'launch.vtt')).toEqual({ status: 202, body: { status: 'started' } });
    meeting = await h.waitForMeeting(users.host.access, meetingId, h.settled, 120_000);
  }, 150_000);

  it('processes it through the transcript branch of the same state machine, without probe, audio or frames', async () => {
    expect(meeting.processing).toMatchObject({ status: 'ready', transcript: 'ready', minutes_charged: 0, duration_seconds: 54 });
    expect(meeting.recording_available).toBe(false);
    const [execution] = await h.executionsOf(meetingId);
    const states = await h.statesEntered(execution!.executionArn!);
    expect(states).toEqual(expect.arrayContaining(['WhatWasGiven?', 'StartTranscriptImport', 'ImportTranscript', 'IndexSpokenWords', 'AnalyseSentiment', 'GenerateNotes', 'NoRecording', 'Finalize']));
    expect(states).not.toEqual(expect.arrayContaining(['ProbeMedia']));
    expect(states.filter((s) => ['ExtractAudio', 'StartTranscription', 'BuildTranscript', 'ExtractFrames'].includes(s))).toEqual([]);
  });

  it('shows the file\'s speaker names as the meeting\'s, in the names call and the transcript', async () => {
    expect((await h.api('GET', `meetings/${meetingId}/speaker_names/`, users.host.access)).body).toEqual({ speakerNames: { 'Speaker 1': 'Ann Lee', 'Speaker 2': 'Raj Patel' }, status: 'ready' });
    const link = await h.api('GET', `meetings/${meetingId}/transcript/`, users.host.access);
    const text = await (await fetch(link.body.url)).text();
    expect(text.split('\n')[2]).toBe('[00:00:18] Ann Lee: Raj, can you fix the payment crash and send the report to the vendor by Friday?');
  });

  it('gets notes with an action item and the sentiments, as a processed recording does', async () => {
    const notes = await h.api('GET', `meetings/${meetingId}/generated_notes/`, users.host.access);
    expect(notes.status).toBe(200);
    expect(notes.body.overview).not.toBe('');
    const crash = notes.body.action_items.find((a: { content: string }) => /payment crash|report/i.test(a.content));
    expect(crash).toMatchObject({ owner: 'Raj Patel' });
    expect((await h.api('GET', `meetings/${meetingId}/sentiments_data/`, users.host.access)).status).toBe(200);
  });

  it('is found by a spoken word in voice search', async () => {
    const found = await h.api('POST', 'search/search_audio/', users.host.access, { query: 'onboarding', meeting_id: meetingId });
    expect(found.body.total_matches).toBeGreaterThan(0);
    expect(found.body.matched_data[0]).toMatchObject({ meeting_id: meetingId });
  });

  it('charges no minutes and has no recording to play', async () => {
    expect(await h.charges(meetingId)).toEqual([]);
    expect(await h.minutesLeft(users.host.userId)).toBe(60);
    expect(await h.api('GET', `meetings/${meetingId}/video/`, users.host.access)).toMatchObject({ status: 404, body: { detail: 'This meeting has no recording.' } });
  });

  it('refuses a second import into the same meeting with 409', async () => {
    expect(await importFile(users.host.access, meetingId, VTT, 'text/vtt', 'again.vtt')).toEqual({ status: 409, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.alreadyHasRecording } });
  });

  // Issue 30: names are read at request time, so one rename reaches every answer at once and nothing is processed again.
  it('shows a renamed speaker in the notes, sentiment, search and ask at once, without a processing run', async () => {
    const runsBefore = (await h.executionsOf(meetingId)).length;
    const renamed = await h.api('PUT', `meetings/${meetingId}/update_speaker_names/`, users.host.access, { speakerNames: { 'Speaker 2': 'Rajesh Patel' } });
    expect(renamed.status).toBe(200);

    const notes = (await h.api('GET', `meetings/${meetingId}/generated_notes/`, users.host.access)).body;
    const sentiments = (await h.api('GET', `meetings/${meetingId}/sentiments_data/`, users.host.access)).body;
    const found = (await h.api('POST', 'search/search_audio/', users.host.access, { query: 'onboarding', meeting_id: meetingId })).body;
    const ledger = (await h.api('GET', 'action_items/', users.host.access)).body;
    const asked = (await h.api('POST', 'search/ask/', users.host.access, { question: 'Who will fix the payment crash on older phones?', meeting_id: meetingId, max_citations: 10 })).body;

    expect(notes.action_items.find((a: { content: string }) => /payment crash|report/i.test(a.content))).toMatchObject({ owner: 'Rajesh Patel' });
    expect(JSON.stringify(notes)).not.toContain('Raj Patel');
    expect(ledger.results.filter((r: { meeting_id: string }) => r.meeting_id === meetingId).map((r: { owner: string }) => r.owner)).toContain('Rajesh Patel');
    expect(JSON.stringify(ledger)).not.toContain('Raj Patel');
    expect(notes.speaker_names).toBeUndefined();
    expect(sentiments.sentiments_data.filter((i: { speaker_label: string }) => i.speaker_label === 'spk_1').map((i: { speaker_name: string }) => i.speaker_name))
      .toEqual(expect.arrayContaining(['Rajesh Patel']));
    expect(sentiments.speakers.map((s: { speaker_name: string }) => s.speaker_name).sort()).toEqual(['Ann Lee', 'Rajesh Patel']);
    expect(found.matched_data[0]).toMatchObject({ speaker: 'spk_1', speaker_name: 'Rajesh Patel' });
    expect(asked.citations.length).toBeGreaterThan(0);
    expect(asked.citations[0].text).toContain('Rajesh Patel: ');
    expect(JSON.stringify(asked)).not.toContain('Raj Patel');
    expect(await h.executionsOf(meetingId)).toHaveLength(runsBefore);
  }, 60_000);

  it('offers the host this meeting\'s names and their recent ones, and a dismissed suggestion stays hidden', async () => {
    const options = await h.api('GET', `meetings/${meetingId}/speaker_name_options/`, users.host.access);
    const later = await newMeeting('Follow-up');
    const offeredLater = await h.api('GET', `meetings/${later}/speaker_name_options/`, users.host.access);
    const suggested = (await h.api('GET', `meetings/${meetingId}/speaker_name_suggestions/`, users.host.access)).body;
    const dismissed = await h.api('PUT', `meetings/${meetingId}/dismiss_speaker_name_suggestion/`, users.host.access, { speaker: 'Speaker 2', name: 'Raj' });

    expect(options.body.names).toEqual(expect.arrayContaining([{ name: 'Ann Lee', source: 'meeting' }, { name: 'Rajesh Patel', source: 'meeting' }]));
    expect(offeredLater.body.names).toContainEqual({ name: 'Rajesh Patel', source: 'recent' });
    // "Raj, can you fix…" points at Speaker 2, now called Rajesh Patel: suggested until dismissed, then gone for good.
    expect(suggested.suggestions).toEqual([expect.objectContaining({ speaker: 'Speaker 2', name: 'Raj' })]);
    expect(dismissed).toMatchObject({ status: 200, body: { suggestions: [] } });
    expect((await h.api('GET', `meetings/${meetingId}/speaker_name_suggestions/`, users.host.access)).body).toEqual({ suggestions: [] });
    expect((await h.api('GET', `meetings/${meetingId}/speaker_name_options/`, users.guest.access)).status).toBe(404);
  });
});

describe('what the import refuses', () => {
  it('answers a malformed file with 400 naming the line, and stores nothing', async () => {
    const meetingId = await newMeeting('Bad file');
    const broken = `${VTT}\n00:01:00.000 -> 00:01:05.000\n<v Ann Lee>The arrow is wrong.</v>\n`;
    const answer = await importFile(users.host.access, meetingId, broken, 'text/vtt', 'broken.vtt');
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Line 2\d: expected a cue timing such as "00:00:01.000 --> 00:00:04.000"/);
    expect((await h.api('GET', `meetings/${meetingId}/`, users.host.access)).body.processing).toBeUndefined();
    expect(await storedObjects(meetingId)).toEqual([]);
  });

  it('refuses a 50 MB body with 413 without storing it', async () => {
    const meetingId = await newMeeting('Huge file');
    const answer = await fetch(`${edition.url}/api/meetings/${meetingId}/transcript_import/?file_name=huge.txt`, {
      method: 'POST', headers: { authorization: `Bearer ${users.host.access}`, 'content-type': 'text/plain' }, body: new Uint8Array(50 * 1024 * 1024).fill(65),
    });
    // The gateway answers from Content-Length, before reading the body, as API Gateway refuses a body over 10 MB.
    expect(answer.status).toBe(413);
    const sixMegabytes = await importFile(users.host.access, meetingId, 'Ann: hello\n'.repeat(600_000), 'text/plain', 'big.txt');
    expect(sixMegabytes).toEqual({ status: 413, body: { detail: TRANSCRIPT_IMPORT_MESSAGES.tooLarge } });
    expect((await h.api('GET', `meetings/${meetingId}/`, users.host.access)).body.processing).toBeUndefined();
    expect(await storedObjects(meetingId)).toEqual([]);
  });

  it('lets only the host import: a participant gets 403, a stranger 404', async () => {
    const meetingId = await newMeeting('Shared');
    const shared = await h.api('POST', 'meetings/attendees/', users.host.access, { meeting_ids: [meetingId], attendees: [{ email: 'guest@import.example.com' }], message_string: '' });
    expect(shared.status).toBeLessThan(300);
    expect((await importFile(users.guest.access, meetingId, VTT, 'text/vtt', 'x.vtt')).status).toBe(403);
    expect((await importFile(users.stranger.access, meetingId, VTT, 'text/vtt', 'x.vtt')).status).toBe(404);
    expect(await storedObjects(meetingId)).toEqual([]);
  });
});
