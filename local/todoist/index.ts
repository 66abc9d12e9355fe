import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { bodyText, loginHintPage } from '../provider-kit/index.js';
import { parseDueString } from './due-dates.js';
import { TodoistState, type WireTask } from './state.js';
import { guardDevWrites } from '../gateway/dev-guard.js';

export const TODOIST_LOCAL_CLIENT = { clientId: 'meetscribe-local', clientSecret: 'local-todoist-secret' } as const;
/** Todoist's documented per-project limit of active tasks. */
export const MAX_ACTIVE_TASKS_PER_PROJECT = 300;

export interface LocalTodoistOptions {
  dataDir: string; host?: string; port?: number;
  /** Where the authorize page sends the browser back to (Todoist takes it from the app's registration, not the URL). */
  redirectUri: string;
  clientId?: string; clientSecret?: string;
  /** Where to deliver the app's webhooks (`item:completed`, `item:uncompleted`); none are sent while it answers undefined. */
  webhookUrl?: () => string | undefined;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}
export interface LocalTodoist {
  readonly endpoint: string;
  /** Serves one request as the server does (the gateway's /dev/ read-outs use it). */
  readonly handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  stop(): Promise<void>;
}

class TodoistError extends Error {
  constructor(readonly status: number, readonly tag: string, message: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string,
    string> = {}) {
    super(message);
  }
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string>; html?: string };

/**
 * A stateful stand-in for Todoist (OAuth and the API v1 calls MeetScribe makes, in Todoist's wire
 * format, so the official @doist/todoist-sdk works against it), plus read-outs for people and tests:
 * `GET /dev/todoist/tasks.json` lists every task, `GET /dev/todoist/` each task's id, state and MeetScribe item id;
 * `POST /dev/todoist/tasks/{id}/close` and `…/reopen` complete or reopen a task as a person would in the app (the
 * app's webhook follows, as for the API's close/reopen); `POST /dev/todoist/rate-limit {count}` makes the next
 * `count` API calls answer 429 with `Retry-After: 1`. The authorize page approves at once as the account
 * named by `login_hint` (created on first use) and otherwise asks for an e-mail.
 */
export async function startLocalTodoist(options: LocalTodoistOptions): Promise<LocalTodoist> {
  const state = await TodoistState.open(options.dataDir);
  const client = { clientId: options.clientId ?? TODOIST_LOCAL_CLIENT.clientId, clientSecret: options.clientSecret ?? TODOIST_LOCAL_CLIENT.clientSecret };
  let rateLimitedCalls = 0;

  async function route(req: http.IncomingMessage, url: URL): Promise<Reply> {
    const method = req.method ?? 'GET';
    const p = url.pathname.replace(/\/+$/, '');
    if (method === 'GET' && p === '/oauth/authorize') return authorize(url);
    if (method === 'POST' && p === '/oauth/access_token') return exchangeCode(await readParams(req));
    // RFC 7009 revocation: the docs name /oauth/revoke, the SDK (11.x) posts JSON to /api/v1/revoke.
    if (method === 'POST' && (p === '/oauth/revoke' || p === '/api/v1/revoke')) return revoke(req, await readParams(req));
    if (method === 'GET' && p === '/dev/todoist/tasks.json') return { status: 200, body: { tasks: state.allTasks() } };
    if (method === 'GET' && p === '/dev/todoist') return { status: 200, body: { tasks: state.allTasks().map(listed) } };
    const devChange = /^\/dev\/todoist\/tasks\/([^/]+)\/(close|reopen)$/.exec(p);
    if (method === 'POST' && devChange) return setChecked(state.task(decodeURIComponent(devChange[1]!)), devChange[2] === 'close', 200);
    if (method === 'POST' && p === '/dev/todoist/rate-limit') {
      const count = Number((await readParams(req)).count ?? 1);
      rateLimitedCalls = Number.isInteger(count) && count > 0 ? count : 1;
      return { status: 200, body: { rate_limited_calls: rateLimitedCalls } };
    }
    if (!p.startsWith('/api/v1/')) throw new TodoistError(404, 'NOT_FOUND', 'Not found');

    const account = state.accountForToken(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (!account) throw new TodoistError(401, 'AUTH_INVALID_TOKEN', 'Invalid token');
    if (rateLimitedCalls > 0) {
      rateLimitedCalls -= 1;
      throw new TodoistError(429, 'TOO_MANY_REQUESTS', 'Too many requests', { retry_after: 1 }, { 'retry-after': '1' });
    }
    if (method === 'GET' && p === '/api/v1/user') return { status: 200, body: wireUser(account) };
    if (method === 'GET' && p === '/api/v1/projects') return { status: 200, body: { results: [wireInbox(account.inboxProjectId)], next_cursor: null } };
    if (method === 'GET' && p === '/api/v1/tasks') return listTasks(account.id, url);
    if (method === 'POST' && p === '/api/v1/tasks') return createTask(account, await readJson(req), header(req, 'x-request-id'));
    const change = /^\/api\/v1\/tasks\/([^/]+)\/(close|reopen)$/.exec(p);
    if (method === 'POST' && change) {
      const task = state.task(decodeURIComponent(change[1]!));
      return setChecked(task?.user_id === account.id ? task : undefined, change[2] === 'close', 204);
    }
    throw new TodoistError(404, 'NOT_FOUND', `Not found: ${method} ${p}`);
  }

  /** Closes or reopens the task as Todoist does, then sends the app's webhook (in the background, as Todoist does). */
  async function setChecked(task: WireTask | undefined, checked: boolean, status: number): Promise<Reply> {
    if (!task) throw new TodoistError(404, 'NOT_FOUND', 'Task not found');
    if (state.setChecked(task, checked, new Date().toISOString())) {
      await state.save();
      void deliverWebhook(checked ? 'item:completed' : 'item:uncompleted', task);
    }
    return status === 204 ? { status } : { status, body: listed(task) };
  }

  /**
   * Todoist's webhook request: JSON `{event_name, user_id, event_data, initiator, version, triggered_at}`, signed with
   * `X-Todoist-Hmac-SHA256` = base64 HMAC-SHA256(client secret, body), `X-Todoist-Delivery-ID` reused on retries
   * (here: up to 3 tries, 1 s apart, until a 200).
   */
  async function deliverWebhook(eventName: string, task: WireTask): Promise<void> {
    const url = options.webhookUrl?.();
    if (!url) return;
    const account = state.account(task.user_id);
    const body = JSON.stringify({
      event_name: eventName, user_id: task.user_id, event_data: task, version: '10', triggered_at: new Date().toISOString(),
      initiator: { id: task.user_id, email: account?.email ?? '', full_name: account?.fullName ?? '', image_id: null, is_premium: false },
    });
    const headers = {
      'content-type': 'application/json', 'user-agent': 'Todoist-Webhooks', 'x-todoist-delivery-id': randomUUID(),
      'x-todoist-hmac-sha256': createHmac('sha256', client.clientSecret).update(body).digest('base64'),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const answer = await fetch(url, { method: 'POST', headers, body });
        if (answer.ok) return;
      } catch { /* tried again below */ }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    options.log?.('Local Todoist: webhook not delivered', { eventName, taskId: task.id });
  }

  function authorize(url: URL): Reply {
    const q = url.searchParams;
    if (q.get('client_id') !== client.clientId) throw new TodoistError(400, 'INVALID_CLIENT', 'Unknown client_id');
    if (!q.get('scope')) throw new TodoistError(400, 'INVALID_SCOPE', 'scope is required');
    const email = q.get('login_hint')?.trim();
    if (!email) return { status: 200, html: loginHintPage('Todoist', '/oauth/authorize', q, 'MeetScribe asks to add tasks to your Todoist inbox.') };
    if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new TodoistError(400, 'INVALID_ARGUMENT_VALUE', 'login_hint must be an e-mail address');
    const code = state.issueCode(state.ensureAccount(email).id);
    const back = new URL(options.redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    return { status: 302, headers: { location: back.toString() } };
  }

  async function exchangeCode(params: Record<string, unknown>): Promise<Reply> {
    if (params.client_id !== client.clientId || params.client_secret !== client.clientSecret) {
      throw new TodoistError(400, 'INVALID_CLIENT', 'Bad client credentials');
    }
    const token = state.redeemCode(String(params.code ?? ''));
    if (!token) throw new TodoistError(400, 'INVALID_GRANT', 'Bad authorization code');
    await state.save();
    return { status: 200, body: { access_token: token, token_type: 'Bearer' } };
  }

  async function revoke(req: http.IncomingMessage, params: Record<string, unknown>): Promise<Reply> {
    const basic = Buffer.from(/^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '', 'base64').toString('utf8');
    if (basic !== `${client.clientId}:${client.clientSecret}`) throw new TodoistError(401, 'INVALID_CLIENT', 'Bad client credentials');
    state.revoke(String(params.token ?? ''));
    await state.save();
    return { status: 200, body: {} };
  }

  function listTasks(accountId: string, url: URL): Reply {
    const projectId = url.searchParams.get('project_id');
    const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 50) || 50, 1), 200);
    const offset = Number(Buffer.from(url.searchParams.get('cursor') ?? '', 'base64url').toString() || 0);
    const open = state.tasksOf(accountId).filter((t) => !t.checked && !t.is_deleted && (!projectId || t.project_id === projectId));
    const page = open.slice(offset, offset + limit);
    const next = offset + limit < open.length ? Buffer.from(String(offset + limit)).toString('base64url') : null;
    return { status: 200, body: { results: page, next_cursor: next } };
  }

  async function createTask(account: { id: string; inboxProjectId: string }, body: Record<string, unknown>, requestId: string | undefined): Promise<Reply> {
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
    const dueDates = ['due_string', 'due_date', 'due_datetime'].filter((k) => body[k] !== undefined);
    if (dueDates.length > 1) throw argument(dueDates.join(', '), 'Send at most one of due_string, due_date and due_datetime');
    let due: WireTask['due'] = null;
    if (typeof body.due_string === 'string') {
      if (body.due_string.length > 150) throw argument('due_string', 'Text is too long (150 characters at most)');
      const date = parseDueString(body.due_string);
      if (!date) throw argument('due_string', 'Date is in invalid format');
      due = { date, string: body.due_string, lang: 'en', is_recurring: false };
    }
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

  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://local');
    route(req, url).then(
      (reply) => send(res, reply),
      (error: unknown) => {
        if (!(error instanceof TodoistError)) console.error('[local-todoist]', error);
        const e = error instanceof TodoistError ? error : new TodoistError(500, 'INTERNAL_ERROR', 'Internal error');
        send(res, { status: e.status, headers: e.headers, body: { error: e.message, error_code: e.status, error_extra: e.extra, error_tag: e.tag,
          http_code: e.status } });
      },
    );
  };
  return { ...(await listenLocal(http.createServer(guardDevWrites(handle, options.host)), options)), handle };
}

/** A task as `GET /dev/todoist/` lists it: its id, state, and the MeetScribe action item its description names. */
function listed(task: WireTask & { account_email?: string }) {
  return {
    id: task.id, content: task.content, checked: task.checked, completed_at: task.completed_at, account_email: task.account_email,
    meetscribe_item_id: /MeetScribe action item: (\S+)/.exec(task.description)?.[1] ?? null,
  };
}

function argument(name: string, message: string): TodoistError {
  return new TodoistError(400, 'INVALID_ARGUMENT_VALUE', `${message}: ${name}`, { argument: name });
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function wireUser(account: { id: string; email: string; fullName: string; inboxProjectId: string }) {
  return {
    id: account.id, email: account.email, full_name: account.fullName, avatar_big: null, avatar_medium: null, avatar_s640: null, avatar_small: null,
    business_account_id: null, is_premium: false, premium_status: 'not_premium', date_format: 0, time_format: 0, weekly_goal: 30, daily_goal: 5,
    completed_count: 0, completed_today: 0, karma: 0, karma_trend: 'up', lang: 'en', next_week: 1, start_day: 1, start_page: 'inbox',
    tz_info: { gmt_string: '+00:00', hours: 0, is_dst: 0, minutes: 0, timezone: 'UTC' }, inbox_project_id: account.inboxProjectId,
    days_off: [], weekend_start_day: 6,
  };
}

function wireInbox(id: string) {
  const now = new Date().toISOString();
  return {
    id, can_assign_tasks: false, child_order: 0, color: 'grey', created_at: now, is_archived: false, is_deleted: false, is_favorite: false,
    is_frozen: false, name: 'Inbox', updated_at: now, view_style: 'list', default_order: 0, description: '', is_collapsed: false,
    is_shared: false, parent_id: null, inbox_project: true,
  };
}



const readBody = (req: http.IncomingMessage) => bodyText(req, 1_000_000, () => new TodoistError(413, 'REQUEST_TOO_LARGE', 'Request body too large'));

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const value: unknown = text === '' ? {} : JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch { /* answered below */ }
  throw new TodoistError(400, 'INVALID_JSON', 'Request body must be a JSON object');
}

/** OAuth endpoints take JSON (as the SDK sends) or a form body (as the docs allow). */
async function readParams(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(await readBody(req)));
  }
  return readJson(req);
}

function send(res: http.ServerResponse, reply: Reply): void {
  if (reply.html !== undefined) {
    res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', ...reply.headers });
    res.end(reply.html);
    return;
  }
  const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, { ...(body ? { 'content-type': 'application/json' } : {}), ...reply.headers });
  res.end(body);
}
