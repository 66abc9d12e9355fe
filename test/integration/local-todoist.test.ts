import { jest } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getAuthToken, getAuthorizationUrl, revokeToken, TodoistApi, TodoistRequestError } from '@doist/todoist-sdk';
import { MAX_ACTIVE_TASKS_PER_PROJECT, startLocalTodoist, TODOIST_LOCAL_CLIENT, type LocalTodoist } from '../../local/todoist/index.js';

jest.setTimeout(60_000); // starts a server per test

const REDIRECT = 'http://app.test/home';

/** The TodoistRequestError a call fails with; fails the test when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<TodoistRequestError> {
  const outcome = await call.then(() => undefined, (e: unknown) => e);
  if (!(outcome instanceof TodoistRequestError)) throw new Error(`expected a TodoistRequestError, got ${String(outcome)}`);
  return outcome;
}

describe('local Todoist server through the official SDK', () => {
  let dir: string;
  let todoist: LocalTodoist;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'todoist-'));
    todoist = await startLocalTodoist({ dataDir: dir, redirectUri: REDIRECT });
  });
  afterEach(async () => {
    await todoist.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function connect(email: string): Promise<string> {
    const url = new URL(getAuthorizationUrl({ clientId: TODOIST_LOCAL_CLIENT.clientId, permissions: ['data:read_write'], state: 'st', baseUrl: todoist.endpoint }));
    url.searchParams.set('login_hint', email);
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st');
    const { accessToken } = await getAuthToken({ ...TODOIST_LOCAL_CLIENT, code: back.searchParams.get('code')! }, { baseUrl: todoist.endpoint });
    return accessToken;
  }

  it('connects by OAuth, adds a task to the inbox with a due date, and lists it', async () => {
    const api = new TodoistApi(await connect('ana@example.com'), { baseUrl: todoist.endpoint });
    const user = await api.getUser();
    expect(user.email).toBe('ana@example.com');

    const task = await api.addTask({ content: 'Ana: send the deck', description: 'Weekly sync', dueString: 'friday' });
    expect(task.projectId).toBe(user.inboxProjectId);
    expect(task.due?.string).toBe('friday');
    expect(task.due?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const { results, nextCursor } = await api.getTasks({ projectId: user.inboxProjectId });
    expect(results.map((t) => t.content)).toEqual(['Ana: send the deck']);
    expect(nextCursor).toBeNull();
    const projects = await api.getProjects();
    expect(projects.results.find((p) => 'inboxProject' in p && p.inboxProject)?.id).toBe(user.inboxProjectId);
  });

  it('creates one task for a repeated X-Request-Id', async () => {
    const api = new TodoistApi(await connect('ana@example.com'), { baseUrl: todoist.endpoint });
    const first = await api.addTask({ content: 'Book the room' }, 'meeting-1-item-1');
    const again = await api.addTask({ content: 'Book the room' }, 'meeting-1-item-1');
    expect(again.id).toBe(first.id);
    expect((await api.getTasks()).results).toHaveLength(1);
  });

  it('pages tasks with next_cursor and refuses the task past the per-project limit', async () => {
    const api = new TodoistApi(await connect('ana@example.com'), { baseUrl: todoist.endpoint });
    for (let i = 0; i < MAX_ACTIVE_TASKS_PER_PROJECT; i++) await api.addTask({ content: `task ${i}` });
    const first = await api.getTasks({ limit: 200 });
    expect(first.results).toHaveLength(200);
    const second = await api.getTasks({ limit: 200, cursor: first.nextCursor });
    expect(second.results).toHaveLength(100);
    expect(second.nextCursor).toBeNull();

    const refused = await failure(api.addTask({ content: 'one too many' }));
    expect(refused.httpStatusCode).toBe(403);
    expect(JSON.stringify(refused.responseData)).toContain('MAX_ITEMS_LIMIT_REACHED');
  });

  it('answers 429 with Retry-After when switched, then serves again', async () => {
    const api = new TodoistApi(await connect('ana@example.com'), { baseUrl: todoist.endpoint });
    await fetch(`${todoist.endpoint}/dev/todoist/rate-limit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"count":1}' });
    const raw = await fetch(`${todoist.endpoint}/api/v1/user`, { headers: { authorization: `Bearer ${(api as unknown as { authToken: string }).authToken}` } });
    expect(raw.status).toBe(429);
    expect(raw.headers.get('retry-after')).toBe('1');
    expect((await raw.json()).error_extra).toEqual({ retry_after: 1 });
    await expect(api.getUser()).resolves.toMatchObject({ email: 'ana@example.com' });
  });

  it('refuses bad input with Todoist error bodies, a used code, and a revoked token', async () => {
    const token = await connect('ana@example.com');
    const api = new TodoistApi(token, { baseUrl: todoist.endpoint });
    for (const args of [{ content: 'x'.repeat(501) }, { content: 'ok', description: 'd'.repeat(16_384) }, { content: 'ok', dueString: 'whenever suits' }]) {
      const error = await failure(api.addTask(args));
      expect(error.httpStatusCode).toBe(400);
      expect(error.responseData).toMatchObject({ error_tag: 'INVALID_ARGUMENT_VALUE', http_code: 400 });
    }
    await expect(getAuthToken({ ...TODOIST_LOCAL_CLIENT, code: 'not-a-code' }, { baseUrl: todoist.endpoint })).rejects.toBeInstanceOf(TodoistRequestError);

    await revokeToken({ ...TODOIST_LOCAL_CLIENT, token }, { baseUrl: todoist.endpoint });
    const error = await failure(api.getUser());
    expect(error.isAuthenticationError()).toBe(true);
  });

  it('keeps tasks across a restart and lists them at /dev/todoist/tasks.json', async () => {
    const api = new TodoistApi(await connect('ana@example.com'), { baseUrl: todoist.endpoint });
    await api.addTask({ content: 'Survives restarts' });
    await todoist.stop();
    todoist = await startLocalTodoist({ dataDir: dir, redirectUri: REDIRECT });

    const readout = await (await fetch(`${todoist.endpoint}/dev/todoist/tasks.json`)).json();
    expect(readout.tasks).toEqual([expect.objectContaining({ content: 'Survives restarts', account_email: 'ana@example.com' })]);
  });
});
