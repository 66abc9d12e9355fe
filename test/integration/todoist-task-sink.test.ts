import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TaskSinkError, taskDraftFor, type ActionItemForTask } from '../../functions/core/integrations/action-item-tasks.js';
import { createTodoistTaskSink } from '../../functions/adapters/integrations/todoist-task-sink.js';
import { MAX_ACTIVE_TASKS_PER_PROJECT, startLocalTodoist, TODOIST_LOCAL_CLIENT, type LocalTodoist } from '../../local/todoist/index.js';

jest.setTimeout(60_000); // starts a server per test

const meeting = { id: 'm-1', name: 'Weekly sync', appUrl: 'http://app.test' };
const item = (number: number, extra: Partial<ActionItemForTask> = {}): ActionItemForTask => ({
  number, id: `item-${number}`, content: `Do thing ${number}`, timestamp_range: { start_time: 1, end_time: 9 }, stored_in_todoist: false, ...extra,
});

describe('Todoist task sink against the local Todoist server', () => {
  let dir: string;
  let todoist: LocalTodoist;
  let token: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'todoist-sink-'));
    todoist = await startLocalTodoist({ dataDir: dir, redirectUri: 'http://app.test/home' });
    const approved = await fetch(`${todoist.endpoint}/oauth/authorize?client_id=${TODOIST_LOCAL_CLIENT.clientId}&scope=data:read_write&state=s&login_hint=ana@example.com`, { redirect: 'manual' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code');
    const exchanged = await fetch(`${todoist.endpoint}/oauth/access_token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: TODOIST_LOCAL_CLIENT.clientId, client_secret: TODOIST_LOCAL_CLIENT.clientSecret, code: code! }),
    });
    token = (await exchanged.json()).access_token;
  });
  afterEach(async () => {
    await todoist.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const tasks = async () => (await (await fetch(`${todoist.endpoint}/dev/todoist/tasks.json`)).json()).tasks as Array<{ content: string; description: string; due: { string: string } | null }>;

  it('stores a task once however often the same item is sent, with its due date', async () => {
    const sink = createTodoistTaskSink({ accessToken: token, baseUrl: todoist.endpoint });
    const draft = taskDraftFor(item(1, { owner: 'Ana', due: 'by Friday' }), meeting);
    await sink.createTask(draft);
    await sink.createTask(draft);
    expect(await tasks()).toEqual([expect.objectContaining({ content: 'Ana: Do thing 1', due: expect.objectContaining({ string: 'Friday' }) })]);
    expect(await sink.openInboxTaskCount()).toBe(1);
  });

  it('keeps the task when Todoist cannot read the said deadline', async () => {
    const sink = createTodoistTaskSink({ accessToken: token, baseUrl: todoist.endpoint });
    await sink.createTask(taskDraftFor(item(1, { due: 'after the launch' }), meeting));
    expect(await tasks()).toEqual([expect.objectContaining({ due: null, description: expect.stringContaining('Due: after the launch.') })]);
  });

  it('waits for Retry-After on 429 and then stores the task', async () => {
    const waits: number[] = [];
    const sink = createTodoistTaskSink({ accessToken: token, baseUrl: todoist.endpoint, sleep: async (ms) => { waits.push(ms); } });
    await fetch(`${todoist.endpoint}/dev/todoist/rate-limit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":2}' });
    await sink.createTask(taskDraftFor(item(1), meeting));
    expect(waits).toEqual([1000, 1000]);
    expect(await tasks()).toHaveLength(1);
  });

  it('gives up as unavailable when 429 persists past the retries', async () => {
    const sink = createTodoistTaskSink({ accessToken: token, baseUrl: todoist.endpoint, maxRateLimitRetries: 1, sleep: async () => undefined });
    await fetch(`${todoist.endpoint}/dev/todoist/rate-limit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":5}' });
    await expect(sink.createTask(taskDraftFor(item(1), meeting))).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('reports a full inbox and a revoked token as such', async () => {
    const sink = createTodoistTaskSink({ accessToken: token, baseUrl: todoist.endpoint });
    for (let i = 0; i < MAX_ACTIVE_TASKS_PER_PROJECT; i++) await sink.createTask(taskDraftFor(item(i + 1), meeting));
    const full = await sink.createTask(taskDraftFor(item(999), meeting)).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(TaskSinkError);
    expect(full).toMatchObject({ kind: 'inbox_full' });
    expect(await sink.openInboxTaskCount()).toBe(MAX_ACTIVE_TASKS_PER_PROJECT);

    await fetch(`${todoist.endpoint}/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${TODOIST_LOCAL_CLIENT.clientId}:${TODOIST_LOCAL_CLIENT.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    });
    await expect(sink.openInboxTaskCount()).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
