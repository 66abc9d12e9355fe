/**
 * Webex on the local edition: connect through the §7 w_ calls against the local Webex test server (a
 * `recordings`/`created` webhook is registered for the user), settings applied at Webex first, a recording made
 * there arrives by its X-Spark-Signature-signed webhook, is re-fetched by id and downloaded from the temporary
 * direct link, and auto_share shares it with the Webex meeting's participants. Forged deliveries get 401;
 * a recording whose download the host prevented shows that reason; removal deletes the webhook at Webex.
 */
import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { webexSign } from '../../local/webex/index.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { fixture, pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

// A busy shared machine: no call here may rely on jest's 5 s default.
jest.setTimeout(60_000);

let edition: LocalEdition;
let dir: string;
let user: SignedInUser;
const email = 'webexer@integrations.example.com';
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));
const readout = async () => (await fetch(`${edition.url}/dev/webex/`)).json() as Promise<any>;
const myMeetings = async () => (await h.api('GET', 'meetings/?page=1', user.access)).body.results as any[];
const record = async (body: Record<string, unknown>) => {
  const made = await fetch(`${edition.url}/dev/webex/recordings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, ...body }) });
  expect(made.status).toBe(201);
  return made.json() as Promise<any>;
};
const meetingNamed = (name: string) => eventually(async () => {
  const found = (await myMeetings()).find((m) => m.name === name);
  if (!found) throw new Error(`${name} not imported yet`);
  return found;
}, 60_000, 500);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-webex-'));
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0.2 });
  user = await signUpAndSignIn(edition.url, email);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dir, { recursive: true, force: true });
});

it('connects: the code exchange checks the state, registers the webhook and sets the flags', async () => {
  const url = (await h.api('GET', 'users/w_authorization_url/', user.access)).body.authorization_url as string;
  expect(new URL(url).searchParams.get('scope')).toContain('meeting:recordings_read');
  const redirect = await fetch(url, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  expect(state.startsWith('meetscribe-webex.')).toBe(true);
  const answer = await h.api('GET', `users/${user.userId}/w_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`, user.access);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ webex_integrated: true, webex_refresh_token_exists: true, webex_auto_share_on: false, webex_auto_record_on: false });
  expect((await h.api('PUT', `users/${user.userId}/w_user/`, user.access)).status).toBe(200);
  const hooks = (await readout()).webhooks;
  expect(hooks).toHaveLength(1);
  expect(hooks[0]).toMatchObject({ resource: 'recordings', event: 'created', targetUrl: `${edition.url}/api/webhooks/webex/` });
  expect((await h.api('PUT', `users/${user.userId}/w_reauthorization_requested/`, user.access)).body).toMatchObject({ webex_refresh_token_exists: true });
}, 60_000);

it('settings flip after the server accepts them; auto_record is set as the user\'s Webex preference', async () => {
  const bad = await h.api('PUT', `users/${user.userId}/w_user_settings/`, user.access, {});
  expect(bad.status).toBe(400);
  const answer = await h.api('PUT', `users/${user.userId}/w_user_settings/`, user.access, { auto_share: true, auto_record: true });
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ webex_auto_share_on: true, webex_auto_record_on: true });
  expect((await readout()).people.find((p: any) => p.email === email).preferences).toEqual({ enabledAutoRecordMeeting: true });
  expect((await h.api('GET', 'users/', user.access)).body.results[0]).toMatchObject({ webex_auto_share_on: true, webex_auto_record_on: true });
  expect((await h.api('PUT', `users/not-me/w_user_settings/`, user.access, { auto_share: false })).status).toBe(404);
});

it('a recording made on Webex is imported once and shared with the meeting participants', async () => {
  const made = await record({ topic: 'Design review', file: fixture('meeting_constructed.mp4'), participants: ['ana@integrations.example.com'] });
  expect(made.webhook_statuses).toEqual([200]);
  const meeting = await meetingNamed('Design review');
  await eventually(async () => {
    const m = (await h.api('GET', `meetings/${meeting.id}/`, user.access)).body;
    if (!m.recording_available) throw new Error('not uploaded yet');
    expect(m.attendees.map((a: any) => a.email).sort()).toEqual(['ana@integrations.example.com', email]);
  }, 60_000, 500);
  await eventually(async () => {
    const mails = await (await fetch(`${edition.url}/dev/mailbox.json`)).json() as Array<{ to: string[] }>;
    expect(mails.some((m) => m.to.includes('ana@integrations.example.com'))).toBe(true);
  }, 30_000, 250);
}, 120_000);

it('refuses a forged or unsigned delivery and a webhook id it never registered', async () => {
  const hook = (await readout()).webhooks[0];
  const body = JSON.stringify({ id: hook.id, resource: 'recordings', event: 'created', data: { id: 'forged' } });
  const post = (headers: Record<string, string>, b = body) => fetch(`${edition.url}/api/webhooks/webex/`, { method: 'POST', body: b, headers: { 'content-type': 'application/json', ...headers } });
  expect((await post({ 'x-spark-signature': webexSign('guess', body) })).status).toBe(401);
  expect((await post({})).status).toBe(401);
  const stranger = JSON.stringify({ id: 'unknown-hook', resource: 'recordings', event: 'created', data: { id: 'x' } });
  expect((await post({ 'x-spark-signature': webexSign('guess', stranger) }, stranger)).status).toBe(401);
  expect((await post({ 'x-spark-signature': 'abc' }, 'not json')).status).toBe(400);
});

it('a recording whose download the host prevented shows that reason', async () => {
  await record({ topic: 'Locked', file: fixture('meeting_constructed.mp4'), prevent_download: true });
  const meeting = await meetingNamed('Locked');
  const m = await h.waitForMeeting(user.access, meeting.id, (x) => x.processing?.status === 'failed', 60_000);
  expect(m.processing.reason).toBe('The host disabled downloading of this Webex recording, so it cannot be imported.');
}, 90_000);

it('connecting another Webex account deletes the old webhook and unlinks the old account (issue 28)', async () => {
  const before = (await readout()).webhooks as Array<{ id: string }>;
  expect(before).toHaveLength(1);
  const url = new URL((await h.api('GET', 'users/w_authorization_url/', user.access)).body.authorization_url as string);
  url.searchParams.set('login_hint', 'other@webex-switch.example.com');
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
  const answer = await h.api('GET', `users/${user.userId}/w_user_access_token/?authorization_code=${back.searchParams.get('code')}&state=${encodeURIComponent(back.searchParams.get('state')!)}`, user.access);
  expect(answer.status).toBe(200);
  const after = (await readout()).webhooks as Array<{ id: string }>;
  expect(after).toHaveLength(1);
  expect(after[0]!.id).not.toBe(before[0]!.id);
  // The old hook no longer names this user: a delivery for it finds nobody.
  expect(await h.item(`PROVIDERLINK#webex#${before[0]!.id}`, 'LINK')).toBeUndefined();
  expect(await h.item(`PROVIDERLINK#webex#${after[0]!.id}`, 'LINK')).toMatchObject({ userId: user.userId });
});

it('removal deletes the webhook at Webex and clears the flags', async () => {
  const answer = await h.api('PUT', `users/${user.userId}/w_remove_integration/`, user.access);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ webex_integrated: false, webex_refresh_token_exists: false });
  expect((await readout()).webhooks).toHaveLength(0);
});
