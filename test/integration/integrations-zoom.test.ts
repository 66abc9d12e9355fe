/**
 * Zoom end to end on the local edition: connect through the §7 calls against the local Zoom test server
 * (authorize approves the login_hint account at once), a recording made there arrives by its signed webhook,
 * is imported once (redelivery and out-of-order backfill make no second meeting) and processed to "ready".
 * Forged, stale and replayed webhooks are refused with 4xx and change nothing; app_deauthorized removes it all.
 */
import { readFile } from 'node:fs/promises';
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_RECORDING } from '../../lib/definitions/workflows.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { zoomSign } from '../../local/zoom/index.js';
import { fixtureClip } from '../helpers/clips.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

const PROCESSING = 600_000;
// A busy shared machine: no call here may rely on jest's 5 s default.
jest.setTimeout(60_000);

let edition: LocalEdition;
let dir: string;
let user: SignedInUser;
const email = 'zoomer@integrations.example.com';
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));

const zoomState = async () => JSON.parse(await readFile(path.join(dir, 'data', 'providers', 'zoom.json'), 'utf8'));
const postWebhook = (body: string, headers: Record<string, string>) =>
  fetch(`${edition.url}/api/webhooks/zoom/`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
const signed = async (body: string, ts = String(Math.floor(Date.now() / 1000))) => {
  const secret = (await zoomState()).credentials.webhook_secret as string;
  return { 'x-zm-request-timestamp': ts, 'x-zm-signature': zoomSign(secret, ts, body) };
};
const myMeetings = async () => (await h.api('GET', 'meetings/?page=1', user.access)).body.results as any[];

/** Authorizes on the local Zoom server and returns the code and state of the redirect back to /home. */
async function authorize(account?: string): Promise<{ code: string; state: string }> {
  const answer = await h.api('GET', 'users/z_authorization_url/', user.access);
  expect(answer.status).toBe(200);
  const url = new URL(answer.body.authorization_url);
  if (account) url.searchParams.set('login_hint', account);
  const redirect = await fetch(url, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${edition.url}/home`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-zoom-'));
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0.2 });
  user = await signUpAndSignIn(edition.url, email);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('connecting Zoom', () => {
  it('refuses a state that is not the one issued to this user, then connects with the issued one (single use)', async () => {
    const { code, state } = await authorize();
    expect(state.startsWith('meetscribe-zoom.')).toBe(true);
    const forged = await h.api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${code}&state=meetscribe-zoom`, user.access);
    expect(forged.status).toBe(400);
    const ok = await h.api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`, user.access);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ zoom_integrated: true, zoom_refresh_token_exists: true });
    const replay = await h.api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`, user.access);
    expect(replay.status).toBe(400);

    expect((await h.api('PUT', `users/${user.userId}/z_user/`, user.access)).status).toBe(200);
    expect((await h.api('PUT', `users/${user.userId}/z_authorization_last_completed/`, user.access)).status).toBe(200);
    const me = (await h.api('GET', 'users/', user.access)).body.results[0];
    expect(me).toMatchObject({ zoom_integrated: true, zoom_refresh_token_exists: true });
    // The account Settings › Integrations names ("Connected as …"), as Zoom's /users/me gave it.
    expect(me.zoom_account).toMatch(/^[^@\s]+@[^@\s]+$/);
  }, 60_000);

  it('stores the tokens sealed, not in clear', async () => {
    const item = await h.item(`USER#${user.userId}`, 'INTEGRATION#zoom');
    const tokens = Object.keys((await zoomState()).oauth.access);
    expect(item?.sealedTokens).toMatch(/^v1\./);
    for (const t of tokens) expect(JSON.stringify(item)).not.toContain(t);
  });
});

describe('webhooks', () => {
  it('answers the endpoint.url_validation challenge with the HMAC of the plain token', async () => {
    const body = JSON.stringify({ event: 'endpoint.url_validation', payload: { plainToken: 'qgg8vlvZRS6UYooatFL8Aw' }, event_ts: Date.now() });
    const answer = await postWebhook(body, await signed(body));
    expect(answer.status).toBe(200);
    const { createHmac } = await import('node:crypto');
    const secret = (await zoomState()).credentials.webhook_secret as string;
    expect(await answer.json()).toEqual({ plainToken: 'qgg8vlvZRS6UYooatFL8Aw', encryptedToken: createHmac('sha256', secret).update('qgg8vlvZRS6UYooatFL8Aw').digest('hex') });
  });

  it('refuses forged, stale and unsigned deliveries with 401 and imports nothing', async () => {
    const host = Object.values((await zoomState()).accounts as Record<string, { id: string }>)[0].id;
    const body = JSON.stringify({ event: 'recording.completed', payload: { object: { uuid: 'forged==', host_id: host, topic: 'Forged', recording_files: [] } } });
    const ts = String(Math.floor(Date.now() / 1000));
    expect((await postWebhook(body, { 'x-zm-request-timestamp': ts, 'x-zm-signature': zoomSign('not-the-secret', ts, body) })).status).toBe(401);
    expect((await postWebhook(body, await signed(body, String(Math.floor(Date.now() / 1000) - 301)))).status).toBe(401);
    expect((await postWebhook(body, {})).status).toBe(401);
    const tampered = await signed(body);
    expect((await postWebhook(body.replace('Forged', 'Forgex'), tampered)).status).toBe(401);
    expect((await myMeetings()).some((m) => m.name === 'Forged')).toBe(false);
  });
});

describe('a recording made on the local Zoom server', () => {
  let meetingId: string;

  it('is imported as a meeting named after the topic and reaches "ready"', async () => {
    const made = await fetch(`${edition.url}/dev/zoom/recordings`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      // The first 20 s of meeting_ami: the import is the same for any length, the speech engine's time is not.
      body: JSON.stringify({ email, topic: 'Weekly sync', file: await fixtureClip('meeting_ami.m4a', 20, path.join(dir, 'data', 'dev-recordings')) }),
    });
    expect(made.status).toBe(201);
    expect((await made.json()).webhook_status).toBe(200);
    const meeting = await eventually(async () => {
      const found = (await myMeetings()).find((m) => m.name === 'Weekly sync');
      if (!found) throw new Error('not imported yet');
      return found;
    }, 60_000, 500);
    meetingId = meeting.id;
    const done = await h.waitForMeeting(user.access, meetingId, h.settled, PROCESSING);
    expect(done.processing).toMatchObject({ status: 'ready', transcript: 'ready' });
    expect(done.recording_available).toBe(true);
    expect(Date.parse(done.end_time) - Date.parse(done.start_time)).toBeGreaterThanOrEqual(19_000);
  }, PROCESSING + 60_000);

  it('a redelivered webhook and an overlapping backfill create no second meeting', async () => {
    const recording = (await zoomState()).recordings.at(-1);
    const body = JSON.stringify({ event: 'recording.completed', event_ts: Date.now(), payload: { object: {
      uuid: recording.uuid, host_id: recording.host_id, topic: recording.topic, start_time: recording.start_time, duration: recording.duration, recording_files: [],
    } } });
    expect((await postWebhook(body, await signed(body))).status).toBe(200);
    expect((await postWebhook(body, await signed(body))).status).toBe(200);
    // The backfill lists the same recording again.
    expect((await h.api('PUT', `users/${user.userId}/z_authorization_last_completed/`, user.access)).status).toBe(200);
    const { sfn } = h.clients();
    const { ListExecutionsCommand } = await import('@aws-sdk/client-sfn');
    const runs = await sfn.send(new ListExecutionsCommand({ stateMachineArn: edition.stepFunctions.arnFor(IMPORT_RECORDING.id) }));
    expect(runs.executions?.length).toBe(1);
    expect((await myMeetings()).filter((m) => m.name === 'Weekly sync')).toHaveLength(1);
  }, 60_000);

  it('imports nothing from a signed webhook naming a download host that is not Zoom\'s, and sends that host no token', async () => {
    const requests: string[] = [];
    const listener = http.createServer((req, res) => { requests.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`); res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end(); });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    try {
      const target = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/rec/download/ssrf`;
      const recording = (await zoomState()).recordings.at(-1);
      const body = JSON.stringify({ event: 'recording.completed', event_ts: Date.now(), download_token: 'dl-token', payload: { object: {
        uuid: 'ssrf-recording==', host_id: recording.host_id, topic: 'SSRF', start_time: recording.start_time, duration: 1,
        recording_files: [{ id: 'ssrf-file', file_type: 'M4A', recording_type: 'audio_only', file_size: 1000, status: 'completed', download_url: target }],
      } } });
      expect((await postWebhook(body, await signed(body))).status).toBe(200);
      const { sfn } = h.clients();
      const { ListExecutionsCommand } = await import('@aws-sdk/client-sfn');
      const arn = edition.stepFunctions.arnFor(IMPORT_RECORDING.id);
      await eventually(async () => {
        const runs = (await sfn.send(new ListExecutionsCommand({ stateMachineArn: arn }))).executions ?? [];
        if (runs.length < 2 || runs.some((r) => r.status === 'RUNNING')) throw new Error('import still running');
      }, 60_000, 500);
      expect(requests).toEqual([]);
      expect((await myMeetings()).some((m) => m.name === 'SSRF')).toBe(false);
    } finally {
      await new Promise<void>((resolve) => { listener.closeAllConnections(); listener.close(() => resolve()); });
    }
  }, 90_000);

  it('app_deauthorized removes the tokens and, without data retention, the imported meetings', async () => {
    const answer = await fetch(`${edition.url}/dev/zoom/deauthorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect((await answer.json()).webhook_status).toBe(200);
    const me = (await h.api('GET', 'users/', user.access)).body.results[0];
    expect(me).toMatchObject({ zoom_integrated: false, zoom_refresh_token_exists: false });
    expect(await h.item(`USER#${user.userId}`, 'INTEGRATION#zoom')).toBeUndefined();
    expect((await h.api('GET', `meetings/${meetingId}/`, user.access)).status).toBe(404);
  }, 60_000);
});

describe('switching and removing the Zoom account (issue 28)', () => {
  const connectAs = async (account: string) => {
    const { code, state } = await authorize(account);
    expect((await h.api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`, user.access)).status).toBe(200);
  };
  const tokensOf = async (account: string) => Object.values((await zoomState()).oauth.access as Record<string, { email: string }>).filter((t) => t.email === account).length;
  const hostIdOf = async (account: string) => ((await zoomState()).accounts as Record<string, { id: string }>)[account]!.id;
  const recordingFor = async (hostId: string, topic: string) => {
    const body = JSON.stringify({ event: 'recording.completed', event_ts: Date.now(), payload: { object: { uuid: `${topic}==`, host_id: hostId, topic, recording_files: [] } } });
    return (await (await postWebhook(body, await signed(body))).json()).detail as string;
  };

  it('a new account unlinks the old one and revokes its tokens at Zoom; removal revokes the new one', async () => {
    await connectAs('first@zoom-switch.example.com');
    const first = await hostIdOf('first@zoom-switch.example.com');
    expect(await tokensOf('first@zoom-switch.example.com')).toBeGreaterThan(0);
    await connectAs('second@zoom-switch.example.com');
    expect(await tokensOf('first@zoom-switch.example.com')).toBe(0);
    expect(await recordingFor(first, 'Old account')).toBe('No connected user for this host; ignored.');
    const second = await hostIdOf('second@zoom-switch.example.com');
    expect(await tokensOf('second@zoom-switch.example.com')).toBeGreaterThan(0);
    expect((await h.api('PUT', `users/${user.userId}/z_remove_integration/`, user.access)).status).toBe(200);
    expect(await tokensOf('second@zoom-switch.example.com')).toBe(0);
    expect(await recordingFor(second, 'Removed account')).toBe('No connected user for this host; ignored.');
  }, 60_000);
});
