/**
 * The action items ledger on the local edition (issue 33): notes made by the real Insights state, action items
 * auto-stored in the local Todoist, then completions both ways — a task closed in Todoist marks its item done here
 * within 5 s (Todoist's signed webhook), an item marked done here closes its task there, and a forged or replayed
 * webhook changes nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { todoistSignature } from '../../functions/core/integrations/webhook-signatures.js';
import { IMPORT_RECORDING, PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { TODOIST_LOCAL_CLIENT } from '../../local/todoist/index.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn, type SignedInUser } from '../helpers/users.js';
import { insightsOnlyMachine, runInsights, type Turn } from './insights-only.js';

let dir: string;
let edition: LocalEdition;
let host: SignedInUser;
let guest: SignedInUser;
let machineArn: string;
let meetingId: string;
const savedEnv = { ...process.env };

const TURNS: readonly Turn[] = [
  ['spk_0', 0.5, 'Welcome everyone. Today we plan the spring launch of the garden app.'],
  ['spk_1', 6, 'The beta testers liked the watering reminders a lot.'],
  ['spk_0', 12, 'Can you send the beta report to the design team by Friday?'],
  ['spk_1', 18, "Sure, I'll send the report tomorrow. I'll also book the launch venue next week."],
];

interface Row { id: string; status: string; stored_in_todoist: boolean; can_edit: boolean; can_toggle: boolean }
interface DevTask { id: string; checked: boolean; meetscribe_item_id: string | null }

async function api(user: SignedInUser, method: string, apiPath: string, json?: unknown) {
  const response = await fetch(`${edition.url}/api/${apiPath}`, {
    method, headers: { authorization: `Bearer ${user.access}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const rows = async (user: SignedInUser, query = ''): Promise<Row[]> => (await api(user, 'GET', `action_items/${query}`)).body.results;
const devTasks = async (): Promise<DevTask[]> => (await (await fetch(`${edition.url}/dev/todoist/`)).json()).tasks;
const statusOf = async (itemId: string) => (await rows(host)).find((r) => r.id === itemId)?.status;

async function postWebhook(body: string, signature: string, deliveryId: string) {
  return fetch(`${edition.url}/api/webhooks/todoist/`, {
    method: 'POST', body, headers: { 'content-type': 'application/json', 'x-todoist-hmac-sha256': signature, 'x-todoist-delivery-id': deliveryId },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-ledger-'));
  process.env[PROCESS_MEETING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`;
  process.env[IMPORT_RECORDING.envVar] = `arn:aws:states:us-east-1:000000000000:stateMachine:${IMPORT_RECORDING.localName}`;
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0, stateMachines: [await insightsOnlyMachine(dir)] });
  machineArn = process.env.INSIGHTS_ONLY_STATE_MACHINE_ARN!;
  host = await signUpAndSignIn(edition.url, 'ledger-host@example.com');
  guest = await signUpAndSignIn(edition.url, 'ledger-guest@example.com');

  // Todoist connected with auto-store on, as a host would from the side panel and Settings.
  const authorize = await fetch((await api(host, 'GET', 'users/t_authorization_url/')).body.authorization_url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  expect((await api(host, 'GET', `users/${host.userId}/t_user_access_token/?authorization_code=${code}&state=${encodeURIComponent(state)}`)).status).toBe(200);
  expect((await api(host, 'PUT', `users/${host.userId}/t_user_settings/`, { auto_store_to_inbox: true })).status).toBe(200);

  meetingId = (await api(host, 'POST', 'meetings/', { name: 'Garden app launch' })).body.id;
  expect(await runInsights(machineArn, meetingId, TURNS)).toContain('DeliverNotes');
  const share = await api(host, 'POST', 'meetings/attendees/', { meeting_ids: [meetingId], attendees: [{ email: 'ledger-guest@example.com' }], message_string: '' });
  expect(share.status).toBeLessThan(300);
}, 180_000);

afterAll(async () => {
  await edition?.stop();
  process.env = savedEnv;
  await rm(dir, { recursive: true, force: true });
});

describe('the action items ledger with Todoist', () => {
  it('lists the auto-stored items, and the local Todoist names the item of each task', async () => {
    const ledger = await rows(host);
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(ledger.every((r) => r.stored_in_todoist && r.status === 'open' && r.can_edit)).toBe(true);
    const tasks = await devTasks();
    expect(tasks.map((t) => t.meetscribe_item_id).sort()).toEqual(ledger.map((r) => r.id).sort());
    expect((await rows(guest)).every((r) => !r.can_edit)).toBe(true);
  });

  it('marks an item done within 5 s of its task being closed in Todoist, and open again when it is reopened', async () => {
    const task = (await devTasks())[0]!;
    const started = Date.now();
    expect((await fetch(`${edition.url}/dev/todoist/tasks/${task.id}/close`, { method: 'POST' })).status).toBe(200);
    await eventually(async () => expect(await statusOf(task.meetscribe_item_id!)).toBe('done'), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await rows(host, '?status=done')).map((r) => r.id)).toEqual([task.meetscribe_item_id]);

    await fetch(`${edition.url}/dev/todoist/tasks/${task.id}/reopen`, { method: 'POST' });
    await eventually(async () => expect(await statusOf(task.meetscribe_item_id!)).toBe('open'), 5_000);
    await fetch(`${edition.url}/dev/todoist/tasks/${task.id}/close`, { method: 'POST' });
    await eventually(async () => expect(await statusOf(task.meetscribe_item_id!)).toBe('done'), 5_000);
  }, 30_000);

  it('changes nothing for a forged or a replayed webhook', async () => {
    const task = (await devTasks()).find((t) => t.checked)!;
    const reopen = JSON.stringify({
      event_name: 'item:uncompleted', user_id: 'x', version: '10',
      event_data: { id: task.id, content: 'x', checked: false, completed_at: null, updated_at: new Date().toISOString() },
    });
    expect((await postWebhook(reopen, todoistSignature('not-the-client-secret', reopen), 'forged-1')).status).toBe(401);
    expect((await postWebhook(reopen, 'bm90IGEgc2lnbmF0dXJl', 'forged-2')).status).toBe(401);
    // Validly signed, but from before the item was last marked done here (a replayed old delivery).
    const old = reopen.replace(/"updated_at":"[^"]+"/, '"updated_at":"2020-01-01T00:00:00.000Z"');
    const replay = await postWebhook(old, todoistSignature(TODOIST_LOCAL_CLIENT.clientSecret, old), 'old-1');
    expect(replay.status).toBe(200);
    expect((await replay.json()).detail).toBe('Event item:uncompleted: stale.');
    expect(await statusOf(task.meetscribe_item_id!)).toBe('done');
  });

  it('closes the Todoist task of an item the host marks done, and lets a participant change nothing of an item not theirs', async () => {
    const item = (await rows(host, '?status=open'))[0]!;
    expect((await api(guest, 'PATCH', `action_items/${item.id}/`, { content: 'Something else' })).status).toBe(403);
    expect((await api(guest, 'PATCH', `action_items/${item.id}/`, { status: 'done' })).status).toBe(403);
    expect((await api(host, 'PATCH', `action_items/${item.id}/`, { status: 'done' })).body.status).toBe('done');
    await eventually(async () => expect((await devTasks()).find((t) => t.meetscribe_item_id === item.id)?.checked).toBe(true), 5_000);
    const notes = (await api(host, 'GET', `meetings/${meetingId}/generated_notes/`)).body;
    expect(notes.action_items.find((i: { id: string }) => i.id === item.id).status).toBe('done');
  }, 30_000);
});
