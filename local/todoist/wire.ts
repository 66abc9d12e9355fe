/**
 * Todoist's wire format in the local server (third-party-apis.md §3): the error body `{error, error_code,
 * error_extra, error_tag, http_code}`, the user and the inbox project as API v1 answers them, and a task as the
 * /dev/todoist/ read-out lists it.
 */
import type http from 'node:http';
import type { Reply, WireFormat } from '../provider-kit/routes.js';
import type { TodoistAccount, WireTask } from './state.js';

export class TodoistError extends Error {
  constructor(readonly status: number, readonly tag: string, message: string, readonly extra: Record<string, unknown> = {}, readonly headers: Record<string,
    string> = {}) {
    super(message);
  }
}

/** The tags of the answers the route table gives itself. */
const TAGS: Record<number, string> = { 400: 'INVALID_JSON', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 413: 'REQUEST_TOO_LARGE', 500: 'INTERNAL_ERROR' };

export function errorReply(e: TodoistError): Reply {
  return { status: e.status, headers: e.headers, body: { error: e.message, error_code: e.status, error_extra: e.extra, error_tag: e.tag,
    http_code: e.status } };
}

export const todoistWire: WireFormat = {
  error: (status, message) => errorReply(new TodoistError(status, TAGS[status] ?? 'INVALID_REQUEST', message)),
  notFound: (method, path) => errorReply(new TodoistError(404, 'NOT_FOUND', path.startsWith('/api/v1/') ? `Not found: ${method} ${path}` : 'Not found')),
  caught: (error) => (error instanceof TodoistError ? errorReply(error) : undefined),
  trimSlash: true,
  log: (message, extra) => console.error('[local-todoist]', message, extra ?? ''),
};

/** A task as `GET /dev/todoist/` lists it: its id, state, and the MeetScribe action item its description names. */
export function listed(task: WireTask & { account_email?: string }) {
  return {
    id: task.id, content: task.content, checked: task.checked, completed_at: task.completed_at, account_email: task.account_email,
    meetscribe_item_id: /MeetScribe action item: (\S+)/.exec(task.description)?.[1] ?? null,
  };
}

export function argument(name: string, message: string): TodoistError {
  return new TodoistError(400, 'INVALID_ARGUMENT_VALUE', `${message}: ${name}`, { argument: name });
}

export function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function wireUser(account: TodoistAccount) {
  return {
    id: account.id, email: account.email, full_name: account.fullName, avatar_big: null, avatar_medium: null, avatar_s640: null, avatar_small: null,
    business_account_id: null, is_premium: false, premium_status: 'not_premium', date_format: 0, time_format: 0, weekly_goal: 30, daily_goal: 5,
    completed_count: 0, completed_today: 0, karma: 0, karma_trend: 'up', lang: 'en', next_week: 1, start_day: 1, start_page: 'inbox',
    tz_info: { gmt_string: '+00:00', hours: 0, is_dst: 0, minutes: 0, timezone: 'UTC' }, inbox_project_id: account.inboxProjectId,
    days_off: [], weekend_start_day: 6,
  };
}

export function wireInbox(id: string) {
  const now = new Date().toISOString();
  return {
    id, can_assign_tasks: false, child_order: 0, color: 'grey', created_at: now, is_archived: false, is_deleted: false, is_favorite: false,
    is_frozen: false, name: 'Inbox', updated_at: now, view_style: 'list', default_order: 0, description: '', is_collapsed: false,
    is_shared: false, parent_id: null, inbox_project: true,
  };
}
