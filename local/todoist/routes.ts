/**
 * The routes of the local Todoist server (third-party-apis.md §3.5): OAuth (authorize, access_token, revoke), the
 * API v1 calls MeetScribe makes (user, projects, tasks: list, create, close, reopen), and the /dev/todoist/ read-outs
 * and controls. Each is a small handler on the route table of local/provider-kit.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { loginHintPage } from '../provider-kit/index.js';
import { route, type Call, type Reply, type Route } from '../provider-kit/routes.js';
import { parseDueString } from './due-dates.js';
import type { TodoistAccount, TodoistState, WireTask } from './state.js';
import { argument, header, listed, TodoistError, wireInbox, wireUser } from './wire.js';

/** Todoist's documented per-project limit of active tasks. */
export const MAX_ACTIVE_TASKS_PER_PROJECT = 300;

export interface TodoistServer {
  state: TodoistState;
  client: { clientId: string; clientSecret: string };
  redirectUri: string;
  webhookUrl?: () => string | undefined;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** How many of the next API calls answer 429 (POST /dev/todoist/rate-limit). */
  rateLimitedCalls: number;
}

export function todoistRoutes(server: TodoistServer): Route[] {
  return [...oauthRoutes(server), ...apiRoutes(server), ...devRoutes(server)];
}

/** OAuth endpoints take JSON (as the SDK sends) or a form body (as the docs allow). */
async function readParams(call: Call): Promise<Record<string, unknown>> {
  if ((call.req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(await call.form());
  return call.json();
}

function oauthRoutes({ state, client, redirectUri }: TodoistServer): Route[] {
  function authorize({ url }: Call): Reply {
    const q = url.searchParams;
    if (q.get('client_id') !== client.clientId) throw new TodoistError(400, 'INVALID_CLIENT', 'Unknown client_id');
    if (!q.get('scope')) throw new TodoistError(400, 'INVALID_SCOPE', 'scope is required');
    const email = q.get('login_hint')?.trim();
    if (!email) return { status: 200, html: loginHintPage('Todoist', '/oauth/authorize', q, 'MeetScribe asks to add tasks to your Todoist inbox.') };
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new TodoistError(400, 'INVALID_ARGUMENT_VALUE', 'login_hint must be an e-mail address');
    const code = state.issueCode(state.ensureAccount(email).id);
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    return { status: 302, headers: { location: back.toString() } };
  }

  async function exchangeCode(call: Call): Promise<Reply> {
    const params = await readParams(call);
    if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) {
      throw new TodoistError(400, 'INVALID_CLIENT', 'Bad client credentials');
    }
    const token = state.redeemCode(String(params.code ?? ''));
    if (!token) throw new TodoistError(400, 'INVALID_GRANT', 'Bad authorization code');
    await state.save();
    return { status: 200, body: { access_token: token, token_type: 'Bearer' } };
  }

  async function revoke(call: Call): Promise<Reply> {
    const params = await readParams(call);
    const basic = Buffer.from(/^Basic (.+)$/.exec(call.req.headers.authorization ?? '')?.[1] ?? '', 'base64').toString('utf8');
    if (basic !== `${client.clientId}:${client.clientSecret}`) throw new TodoistError(401, 'INVALID_CLIENT', 'Bad client credentials');
    state.revoke(String(params.token ?? ''));
    await state.save();
    return { status: 200, body: {} };
  }

  return [
    route('GET', '/oauth/authorize', authorize),
    route('POST', '/oauth/access_token', exchangeCode),
    // RFC 7009 revocation: the docs name /oauth/revoke, the SDK (11.x) posts JSON to /api/v1/revoke.
    route('POST', '/oauth/revoke', revoke),
    route('POST', '/api/v1/revoke', revoke),
  ];
}

function apiRoutes(server: TodoistServer): Route[] {
  const { state } = server;
  /** An API call: the account its Bearer token names (else 401), then the switched-on rate limit (429). */
  const signedIn = (handler: (call: Call, account: TodoistAccount) => Promise<Reply> | Reply) => (call: Call) => {
    const account = state.accountForToken(/^Bearer (.+)$/.exec(call.req.headers.authorization ?? '')?.[1] ?? '');
    if (!account) throw new TodoistError(401, 'AUTH_INVALID_TOKEN', 'Invalid token');
    if (server.rateLimitedCalls > 0) {
      server.rateLimitedCalls -= 1;
      throw new TodoistError(429, 'TOO_MANY_REQUESTS', 'Too many requests', { retry_after: 1 }, { 'retry-after': '1' });
    }
    return handler(call, account);
  };
  const change = (checked: boolean) => signedIn(({ params }, account) => {
    const task = state.task(params.id);
    return setChecked(server, task?.user_id === account.id ? task : undefined, checked, 204);
  });
  return [
    route('GET', '/api/v1/user', signedIn((_call, account) => ({ status: 200, body: wireUser(account) }))),
    route('GET', '/api/v1/projects', signedIn((_call, account) => ({
      status: 200, body: { results: [wireInbox(account.inboxProjectId)], next_cursor: null },
    }))),
    route('GET', '/api/v1/tasks', signedIn(({ url }, account) => listTasks(state, account.id, url))),
    route('POST', '/api/v1/tasks', signedIn(async (call, account) => createTask(state, account, await call.json(), header(call.req, 'x-request-id')))),
    route('POST', '/api/v1/tasks/:id/close', change(true)),
    route('POST', '/api/v1/tasks/:id/reopen', change(false)),
  ];
}

/**
 * `GET /dev/todoist/tasks.json` lists every task, `GET /dev/todoist/` each task's id, state and MeetScribe item id;
 * `POST /dev/todoist/tasks/{id}/close` and `…/reopen` act as a person in the app would (the webhook follows);
 * `POST /dev/todoist/rate-limit {count}` makes the next `count` API calls answer 429 with `Retry-After: 1`.
 */
function devRoutes(server: TodoistServer): Route[] {
  const { state } = server;
  return [
    route('GET', '/dev/todoist/tasks.json', () => ({ status: 200, body: { tasks: state.allTasks() } })),
    route('GET', '/dev/todoist', () => ({ status: 200, body: { tasks: state.allTasks().map(listed) } })),
    route('POST', '/dev/todoist/tasks/:id/close', ({ params }) => setChecked(server, state.task(params.id), true, 200)),
    route('POST', '/dev/todoist/tasks/:id/reopen', ({ params }) => setChecked(server, state.task(params.id), false, 200)),
    route('POST', '/dev/todoist/rate-limit', async (call) => {
      const count = Number((await readParams(call)).count ?? 1);
      server.rateLimitedCalls = Number.isInteger(count) && count > 0 ? count : 1;
      return { status: 200, body: { rate_limited_calls: server.rateLimitedCalls } };
    }),
  ];
}

/** Closes or reopens the task as Todoist does, then sends the app's webhook (in the background, as Todoist does). */
async function setChecked(server: TodoistServer, task: WireTask | undefined, checked: boolean, status: number): Promise<Reply> {
  if (!task) throw new TodoistError(404, 'NOT_FOUND', 'Task not found');
  if (server.state.setChecked(task, checked, new Date().toISOString())) {
    await server.state.save();
    void deliverWebhook(server, checked ? 'item:completed' : 'item:uncompleted', task);
  }
  return status === 204 ? { status } : { status, body: listed(task) };
}

/**
 * Todoist's webhook request: JSON `{event_name, user_id, event_data, initiator, version, triggered_at}`, signed with
 * `X-Todoist-Hmac-SHA256` = base64 HMAC-SHA256(client secret, body), `X-Todoist-Delivery-ID` reused on retries
 * (here: up to 3 tries, 1 s apart, until a 200).
 */
async function deliverWebhook(server: TodoistServer, eventName: string, task: WireTask): Promise<void> {
  const url = server.webhookUrl?.();
  if (!url) return;
  const account = server.state.account(task.user_id);
  const body = JSON.stringify({
    event_name: eventName, user_id: task.user_id, event_data: task, version: '10', triggered_at: new Date().toISOString(),
    initiator: { id: task.user_id, email: account?.email ?? '', full_name: account?.fullName ?? '', image_id: null, is_premium: false },
  });
  const headers = {
    'content-type': 'application/json', 'user-agent': 'Todoist-Webhooks', 'x-todoist-delivery-id': randomUUID(),
    'x-todoist-hmac-sha256': createHmac('sha256', server.client.clientSecret).update(body).digest('base64'),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const answer = await fetch(url, { method: 'POST', headers, body });
      if (answer.ok) return;
    } catch { /* tried again below */ }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  server.log?.('Local Todoist: webhook not delivered', { eventName, taskId: task.id });
}

function listTasks(state: TodoistState, accountId: string, url: URL): Reply {
  const projectId = url.searchParams.get('project_id');
  const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), 200);
  const offset = Number(Buffer.from(url.searchParams.get('cursor') ?? '', 'base64url').toString() || 0);
  const open = state.tasksOf(accountId).filter((t) => !t.checked && !t.is_deleted && (!projectId || t.project_id === projectId));
  const page = open.slice(offset, offset + limit);
  const next = offset + limit < open.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
  return { status: 200, body: { results: page, next_cursor: next } };
}

/** The due date of a new task from due_string (at most one of due_string, due_date and due_datetime may be sent). */
function dueOf(body: Record<string, unknown>): WireTask['due'] {
  const dueDates = ['due_string', 'due_date', 'due_datetime'].filter((k) => body[k] !== undefined);
  if (dueDates.length > 1) throw argument(dueDates.join(', '), 'Send at most one of due_string, due_date and due_datetime');
  if (typeof body.due_string !== 'string') return null;
  if (body.due_string.length > 150) throw argument('due_string', 'Text is too long (150 characters at most)');
  const date = parseDueString(body.due_string);
  if (!date) throw argument('due_string', 'Date is in invalid format');
  return { date, string: body.due_string, lang: 'en', is_recurring: false };
}

async function createTask(state: TodoistState, account: TodoistAccount, body: Record<string, unknown>, requestId: string | undefined): Promise<Reply> {
  if (requestId !== undefined && (requestId.length === 0 || Buffer.byteLength(requestId) > 36)) {
    throw new TodoistError(400, 'INVALID_ARGUMENT_VALUE', 'X-Request-Id must be 1 to 36 bytes');
  }
  const replayed = requestId ? state.taskForRequestId(account.id, requestId) : undefined;
  if (replayed) return { status: 200, body: replayed };
  const content = body.content;
  if (typeof content !== 'string' || content.trim() === '') throw argument('content', 'Required argument is missing');
  if (content.length > 500) throw argument('content', 'Text is too long (500 characters at most)');
  const description = body.description ?? '';
  if (typeof description !== 'string') throw argument('description', 'Must be a string');
  if (description.length > 16_383) throw argument('description', 'Text is too long (16383 characters at most)');
  const projectId = body.project_id ?? account.inboxProjectId;
  if (projectId !== account.inboxProjectId) throw new TodoistError(404, 'NOT_FOUND', 'Project not found');
  const due = dueOf(body);
  if (state.activeTasks(account.inboxProjectId).length >= MAX_ACTIVE_TASKS_PER_PROJECT) {
    throw new TodoistError(403, 'MAX_ITEMS_LIMIT_REACHED', `Maximum number of items per project reached (${MAX_ACTIVE_TASKS_PER_PROJECT})`);
  }
  const now = new Date().toISOString();
  const task: WireTask = {
    id: state.newTaskId(), user_id: account.id, project_id: account.inboxProjectId, section_id: null, parent_id: null,
    added_by_uid: account.id, assigned_by_uid: null, responsible_uid: null, labels: [], deadline: null, duration: null,
    checked: false, is_deleted: false, added_at: now, completed_at: null, updated_at: now, due,
    priority: typeof body.priority === 'number' ? body.priority : 1, child_order: state.activeTasks(account.inboxProjectId).length + 1,
    content, description, day_order: -1, is_collapsed: false,
  };
  state.addTask(task, requestId);
  await state.save();
  return { status: 200, body: task };
}
