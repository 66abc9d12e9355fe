import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { invokeLocalLambda } from '../../local/lambda/invoke.js';
import { PROJECT_ROOT, startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { FIXTURES_DIR, readFixtureMeeting, transcriptFromReference, type FixtureMeeting } from '../unit/search/fixture-transcript.js';

let edition: LocalEdition;
let dataDir: string;
let fixture: FixtureMeeting;
let meetingId: string;
let framesRead: number;
const tokens: Record<'host' | 'participant' | 'stranger', string> = {} as never;
const email = (role: string) => `${role}@search.example.com`;

async function api(method: string, apiPath: string, options: { token: string; json?: unknown; form?: Record<string, string> }) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  let body: string | undefined;
  if (options.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.json); }
  if (options.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(options.form).toString(); }
  const response = await fetch(`${edition.url}/api/${apiPath}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
const lambda = (name: string, event: unknown) => invokeLocalLambda(PROJECT_ROOT, `functions/pipeline/${name}/handler.ts`, event);
const content = (token: string, query: string, meeting_id?: string) => api('POST', 'search/search_content/', { token, json: { query, meeting_id } });
const audio = (token: string, query: string, meeting_id?: string) => api('POST', 'search/search_audio/', { token, json: { query, meeting_id } });
const byName = (token: string, query: string) => api('POST', 'search/', { token, form: { query } });

/** Runs the video branch (frames → OCR per frame → index) and indexes a transcript, as the state machine would. */
async function processFixture(id: string) {
  const s3 = new S3Client({ forcePathStyle: true });
  const key = `artefacts/${id}/test-recording.mp4`;
  await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: key, Body: await readFile(path.join(FIXTURES_DIR, 'meeting', 'meeting_constructed.mp4')) }));
  const { frames } = await lambda('extract-frames', { meetingId: id, key, hasVideo: true });
  const results = [];
  for (const frame of frames) results.push(await lambda('ocr-frame', { meetingId: id, frame }));
  await lambda('index-frames', { meetingId: id, results: [...results, { failed: true, error: { Error: 'ThrottlingException' } }] });
  const jsonKey = `artefacts/${id}/transcript.json`;
  await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: jsonKey, Body: JSON.stringify(transcriptFromReference(fixture)) }));
  await lambda('index-spoken-words', { meetingId: id, jsonKey });
  return frames.length as number;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-search-'));
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0 });
  fixture = await readFixtureMeeting();
  for (const role of ['host', 'participant', 'stranger'] as const) tokens[role] = (await signUpAndSignIn(edition.url, email(role))).access;
  meetingId = (await api('POST', 'meetings/', { token: tokens.host, json: { name: 'Weekly Sync' } })).body.id;
  await api('POST', 'meetings/attendees/', { token: tokens.host, json: { meeting_ids: [meetingId], attendees: [{ email: email('participant') }], message_string: '' } });
  framesRead = await processFixture(meetingId);
  expect(framesRead).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('search over a processed recording (meeting_constructed.mp4)', () => {
  it('finds every word of the slide on screen, with a box around it', async () => {
    const words = fixture.on_screen_text.lines.flatMap((l) => l.split(/[^A-Za-z]+/)).filter((w) => w.length >= 3);
    for (const word of words) {
      const { status, body } = await content(tokens.host, word, meetingId);
      expect(status).toBe(200);
      expect(body.total_matches).toBeGreaterThan(0);
      const hit = body.matched_data[0];
      const box = hit.words.find((w: { text: string }) => w.text.toLowerCase().startsWith(word.toLowerCase()));
      expect(box).toBeDefined();
      expect(box.box.width).toBeGreaterThan(0.005);
      expect(box.box.x + box.box.width).toBeLessThanOrEqual(1);
    }
  }, 60_000);

  it('reads the still slide, sampled once a minute, as one slide: one text hit at its first time, one slide stored', async () => {
    expect(framesRead).toBeGreaterThanOrEqual(3);
    const { body } = await content(tokens.host, 'agenda', meetingId);
    expect(body.total_matches).toBe(1);
    expect(body.matched_data[0].timestamp).toBe(0);
    const s3 = new S3Client({ forcePathStyle: true });
    const stored = await s3.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: `artefacts/${meetingId}/slides.json` }));
    const slides = JSON.parse(await stored.Body!.transformToString()) as Array<{ start: number; end: number; title: string }>;
    expect(slides).toHaveLength(1);
    expect(slides[0]).toMatchObject({ start: 0 });
    expect(slides[0].end).toBeGreaterThanOrEqual(120);
  });

  it('boxes a matched word where the slide shows it and serves the frame image', async () => {
    const { body } = await content(tokens.host, 'printing hist', meetingId);
    const hit = body.matched_data[0];
    expect(hit).toMatchObject({ meetingId, meetingName: 'Weekly Sync', timestamp: 0, scale: { width: 1280, height: 720 } });
    expect(hit.words.map((w: { text: string }) => w.text)).toEqual(['Printing', 'history']);
    const [printing, history] = hit.words.map((w: { box: { x: number; y: number } }) => w.box);
    expect(printing.y).toBeGreaterThan(0.2);
    expect(printing.y).toBeLessThan(0.33);
    expect(history.x).toBeGreaterThan(printing.x);
    const image = await fetch(hit.imageUrl);
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('lists the meeting for on-screen text in the all-meetings search with its best frame', async () => {
    const { status, body } = await byName(tokens.host, 'agenda');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ meeting_id: meetingId, meeting_name: 'Weekly Sync', timestamp: 0, scale: { width: 1280, height: 720 }, matches: ['Agenda'] });
    expect(body[0].thumbnail_path).toMatch(/^http/);
  });

  it('still finds meetings by name', async () => {
    const { body } = await byName(tokens.host, 'week');
    expect(body).toEqual([expect.objectContaining({ meeting_id: meetingId, matches: ['Weekly'] })]);
  });

  it('finds a spoken word at its time (± 2 s)', async () => {
    // The fixture says TURNIPS in two turns (a clip used twice): expect both, earliest first.
    const expected = fixture.segments.filter((s) => /TURNIPS/.test(s.text)).map((turn) => {
      const words = turn.text.split(/\s+/);
      return turn.start + (words.indexOf('TURNIPS') / words.length) * (turn.end - turn.start);
    });
    const { body } = await audio(tokens.host, 'turnips', meetingId);
    expect(body.total_matches).toBe(expected.length);
    body.matched_data.forEach((hit: { timestamp: number }, i: number) => expect(Math.abs(hit.timestamp - expected[i])).toBeLessThanOrEqual(2));
    expect(body.matched_data[0]).toMatchObject({ meeting_id: meetingId, meeting_name: 'Weekly Sync' });
    expect(body.matched_data[0].matched_content).toMatch(/TURNIPS/);
  });

  it('needs every query word within one spoken passage', async () => {
    const together = await audio(tokens.host, 'fellow americans', meetingId);
    const apart = await audio(tokens.host, 'turnips americans', meetingId);
    expect(together.body.total_matches).toBeGreaterThan(0);
    expect(apart.body.total_matches).toBe(0);
  });
});

describe('who finds what', () => {
  it('never shows a stranger another user\'s meeting', async () => {
    expect((await byName(tokens.stranger, 'agenda')).body).toEqual([]);
    expect((await audio(tokens.stranger, 'turnips')).body.total_matches).toBe(0);
    expect((await content(tokens.stranger, 'agenda')).body.total_matches).toBe(0);
    expect((await content(tokens.stranger, 'agenda', meetingId)).status).toBe(404);
  });

  it('lets a participant search a shared meeting until they are removed', async () => {
    expect((await audio(tokens.participant, 'turnips')).body.total_matches).toBeGreaterThan(0);
    expect((await byName(tokens.participant, 'agenda')).body).toHaveLength(1);
    const removed = await api('PUT', 'meetings/delete_attendee/', { token: tokens.host, json: { meeting_id: meetingId, attendee_email: email('participant') } });
    expect(removed.status).toBe(200);
    expect((await audio(tokens.participant, 'turnips')).body.total_matches).toBe(0);
    expect((await byName(tokens.participant, 'agenda')).body).toEqual([]);
    expect((await content(tokens.participant, 'agenda', meetingId)).status).toBe(404);
  });

  it('lets someone the meeting is shared with find it at once', async () => {
    await api('POST', 'meetings/attendees/', { token: tokens.host, json: { meeting_ids: [meetingId], attendees: [{ email: email('stranger') }], message_string: '' } });
    expect((await audio(tokens.stranger, 'turnips')).body.total_matches).toBeGreaterThan(0);
  });

  it('finds a renamed meeting by its new name', async () => {
    await api('PUT', `meetings/${meetingId}/`, { token: tokens.host, json: { name: 'Printing Committee' } });
    expect((await byName(tokens.host, 'committee')).body.map((h: { meeting_id: string }) => h.meeting_id)).toEqual([meetingId]);
    expect((await audio(tokens.host, 'turnips')).body.matched_data[0].meeting_name).toBe('Printing Committee');
  });

  it('forgets a deleted meeting', async () => {
    expect((await api('DELETE', `meetings/${meetingId}/`, { token: tokens.host })).status).toBe(204);
    expect((await audio(tokens.host, 'turnips')).body.total_matches).toBe(0);
    expect((await byName(tokens.host, 'agenda')).body).toEqual([]);
    expect(await readdir(path.join(dataDir, 'search-index', 'meetings'))).toEqual([]);
  });
});
