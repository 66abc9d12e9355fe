/**
 * Todoist and BasicOps on the local edition: connect through the §7 calls against the local test servers,
 * then the real Insights state (notes + DeliverNotes) on a meeting's transcript: action items auto-stored in
 * the Todoist inbox when the setting is on, the notes stored in BasicOps, and the host's "Add to Todoist".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_RECORDING, PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { insightsOnlyMachine, runInsights, type Turn } from './insights-only.js';

let dir: string;
let edition: LocalEdition;
const HOST_EMAIL = 'tasks-host@example.com';
const GUEST_EMAIL = 'tasks-guest@example.com';
let host: SignedInUser;
let guest: SignedInUser;
let machineArn: string;
const savedEnv = { ...process.env };

const TURNS: readonly Turn[] = [
  ['spk_0', 0.5, 'Welcome everyone. Today we plan the spring launch of the garden app.'],
  ['spk_1', 6, 'The beta testers liked the watering reminders a lot.'],
  ['spk_0', 12, 'Can you send the beta report to the design team by Friday?'],
  ['spk_1', 18, "Sure, I'll send the report tomorrow. I'll also book the launch venue next week."],
];

async function api(user: SignedInUser, method: string, apiPath: string, json?: unknown) {
  const response = await fetch(`${edition.url}/api/${apiPath}`, {
    method, headers: { authorization: `Bearer ${user.access}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Follows an authorization URL (the local servers approve the login_hint account) back to /home. */
async function approve(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const redirect = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${edition.url}/home`);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function newMeeting(name: string): Promise<string> {
  const created = await api(host, 'POST', 'meetings/', { name });
  expect(created.status).toBe(201);
  return created.body.id;
}

const readout = async (service: 'todoist' | 'basicops') => (await fetch(`${edition.url}/dev/${service}/${service === 'todoist' ? 'tasks' : 'notes'}.json`)).json();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-tasks-notes-'));
  process.env[PROCESS_MEETING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`;
  process.env[IMPORT_RECORDING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${IMPORT_RECORDING.localName}`;
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0, stateMachines: [await insightsOnlyMachine(dir)] });
  machineArn = process.env.INSIGHTS_ONLY_STATE_MACHINE_ARN!;
  host = await signUpAndSignIn(edition.url, HOST_EMAIL);
  guest = await signUpAndSignIn(edition.url, GUEST_EMAIL);
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  process.env = savedEnv;
  await rm(dir, { recursive: true, force: true });
});

describe('connecting Todoist and BasicOps', () => {
  it('connects Todoist with the issued state only, then turns auto-store on', async () => {
    const url = await api(host, 'GET', 'users/t_authorization_url/');
    expect(url.status).toBe(200);
    const { code, state } = await approve(url.body.authorization_url);
    expect(state.startsWith('meetscribe-todoist.')).toBe(true);
    expect((await api(host, 'GET', `users/${host.userId}/t_user_access_token/?authorization_code=${code}&state=meetscribe-todoist`)).status).toBe(400);
    const ok = await api(host, 'GET', `users/${host.userId}/t_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`);
    expect(ok).toEqual({ status: 200, body: { todoist_integrated: true, todoist_access_token_exists: true, todoist_auto_store_to_inbox: false } });

    expect((await api(host, 'PUT', `users/${host.userId}/t_user/`)).body).toMatchObject({ todoist_email: HOST_EMAIL });
    expect((await api(host, 'PUT', `users/${host.userId}/t_user_settings/`, { auto_store_to_inbox: 'yes' })).status).toBe(400);
    expect((await api(host, 'PUT', `users/${host.userId}/t_user_settings/`, { auto_store_to_inbox: true })).body).toMatchObject({ todoist_auto_store_to_inbox: true });
    expect((await api(host, 'PUT', `users/${host.userId}/t_reauthorization_requested/`)).body).toMatchObject({ todoist_access_token_exists: true });
    expect((await api(host, 'GET', 'users/')).body.results[0]).toMatchObject({ todoist_integrated: true, todoist_auto_store_to_inbox: true });
  }, 60_000);

  it('connects BasicOps (PKCE) and chooses the project notes go to', async () => {
    const { code, state } = await approve((await api(host, 'GET', 'users/b_authorization_url/')).body.authorization_url);
    expect(new URL((await api(host, 'GET', 'users/b_authorization_url/')).body.authorization_url).searchParams.get('code_challenge_method')).toBe('S256');
    expect((await api(host, 'POST', `users/${host.userId}/b_authorize_user/`, {})).status).toBe(400);
    const ok = await api(host, 'POST', `users/${host.userId}/b_authorize_user/`, { authorization_code: code, state });
    expect(ok).toEqual({ status: 200, body: { basicops_integrated: true, basicops_refresh_token_exists: true } });

    const projects = await api(host, 'GET', `users/${host.userId}/b_projects/`);
    expect(projects.body.projects.map((p: { title: string }) => p.title)).toEqual(['General', 'Meetings']);
    expect(projects.body.project_id).toBe(projects.body.projects[0].id);
    expect((await api(host, 'PUT', `users/${host.userId}/b_user_settings/`, { project_id: '1' })).status).toBe(400);
    const meetingsProject = projects.body.projects[1].id;
    expect((await api(host, 'PUT', `users/${host.userId}/b_user_settings/`, { project_id: meetingsProject })).body.project_id).toBe(meetingsProject);
  }, 60_000);
});

describe('when notes are ready', () => {
  it('stores the action items in the Todoist inbox and the notes in the chosen BasicOps project', async () => {
    const meetingId = await newMeeting('Garden app launch');
    expect(await runInsights(machineArn, meetingId, TURNS)).toContain('DeliverNotes');

    const notes = await api(host, 'GET', `meetings/${meetingId}/generated_notes/`);
    expect(notes.status).toBe(200);
    const items = notes.body.action_items as Array<{ content: string; stored_in_todoist: boolean }>;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.stored_in_todoist)).toBe(true);
    const tasks = (await readout('todoist')).tasks as Array<{ content: string; description: string; account_email: string }>;
    expect(tasks).toHaveLength(items.length);
    expect(tasks.every((t) => t.account_email === HOST_EMAIL && t.description.includes('"Garden app launch"') && t.description.includes(`/dashboard/${meetingId}/notes`))).toBe(true);

    const stored = (await readout('basicops')).notes as Array<{ title: string; content: string; project: number }>;
    expect(stored).toEqual([expect.objectContaining({ title: expect.stringContaining('Meeting notes: Garden app launch') })]);
    expect(stored[0]!.content).toContain('Action items');
    const projects = await api(host, 'GET', `users/${host.userId}/b_projects/`);
    expect(String(stored[0]!.project)).toBe(projects.body.project_id);
    expect(notes.body.basicops_note_url).toMatch(/\/view\/note\/\d+$/);
  }, 120_000);

  it('lets the host add chosen items by hand once auto-store is off, and no one else', async () => {
    await api(host, 'PUT', `users/${host.userId}/t_user_settings/`, { auto_store_to_inbox: false });
    const before = (await readout('todoist')).tasks.length;
    const meetingId = await newMeeting('Garden app retro');
    await runInsights(machineArn, meetingId, TURNS);
    const notes = (await api(host, 'GET', `meetings/${meetingId}/generated_notes/`)).body;
    expect(notes.action_items.every((i: { stored_in_todoist: boolean }) => !i.stored_in_todoist)).toBe(true);
    expect((await readout('todoist')).tasks).toHaveLength(before);

    const share = await api(host, 'POST', 'meetings/attendees/', { meeting_ids: [meetingId], attendees: [{ email: GUEST_EMAIL }], message_string: '' });
    expect(share.status).toBeLessThan(300);
    const path = `notes/${notes.notes_id}/store_action_items_in_t/`;
    expect((await api(guest, 'POST', path, { actionItemNumbers: [1] })).status).toBe(403);
    expect((await api(host, 'POST', path, { actionItemNumbers: [] })).status).toBe(400);
    expect((await api(host, 'POST', path, { actionItemNumbers: ['1'] })).status).toBe(400);
    expect((await api(host, 'POST', path, { actionItemNumbers: [99] })).status).toBe(400);
    expect((await api(host, 'POST', 'notes/not-a-notes-id/store_action_items_in_t/', { actionItemNumbers: [1] })).status).toBe(404);

    const answer = await api(host, 'POST', path, { actionItemNumbers: [1] });
    expect(answer.status).toBe(200);
    expect(answer.body.action_items[0].stored_in_todoist).toBe(true);
    expect(answer.body.action_items.slice(1).every((i: { stored_in_todoist: boolean }) => !i.stored_in_todoist)).toBe(true);
    expect((await api(host, 'POST', path, { actionItemNumbers: [1] })).status).toBe(200);
    expect((await readout('todoist')).tasks).toHaveLength(before + 1);
  }, 120_000);

  it('says to connect Todoist again after removal, and keeps BasicOps separate', async () => {
    const removed = await api(host, 'PUT', `users/${host.userId}/t_remove_integration/`);
    expect(removed.body).toMatchObject({ todoist_integrated: false, todoist_access_token_exists: false });
    const meetingId = await newMeeting('After removal');
    await runInsights(machineArn, meetingId, TURNS);
    const notes = (await api(host, 'GET', `meetings/${meetingId}/generated_notes/`)).body;
    const answer = await api(host, 'POST', `notes/${notes.notes_id}/store_action_items_in_t/`, { actionItemNumbers: [1] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Connect Todoist first');
    expect((await api(host, 'PUT', `users/${host.userId}/b_remove_integration/`)).body).toMatchObject({ basicops_integrated: false });
  }, 120_000);
});
