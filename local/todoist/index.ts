import http from 'node:http';
import { listenLocal } from '../http/listen.js';
import { listener, routeTable, type LocalProviderServer } from '../provider-kit/routes.js';
import { todoistRoutes, type TodoistServer } from './routes.js';
import { TodoistState } from './state.js';
import { todoistWire } from './wire.js';
import { guardDevWrites } from '../gateway/dev-guard.js';

export { MAX_ACTIVE_TASKS_PER_PROJECT } from './routes.js';

export const TODOIST_LOCAL_CLIENT = { clientId: 'meetscribe-local', clientSecret: 'local-todoist-secret' } as const;
export interface LocalTodoistOptions {
  dataDir: string; host?: string; port?: number;
  /** Where the authorize page sends the browser back to (Todoist takes it from the app's registration, not the URL). */
  redirectUri: string;
  clientId?: string; clientSecret?: string;
  /** Where to deliver the app's webhooks (`item:completed`, `item:uncompleted`); none are sent while it answers undefined. */
  webhookUrl?: () => string | undefined;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}
export type LocalTodoist = LocalProviderServer;

/**
 * A stateful stand-in for Todoist (OAuth and the API v1 calls MeetScribe makes, in Todoist's wire
 * format, so the official @doist/todoist-sdk works against it), plus read-outs for people and tests:
 * `GET /dev/todoist/tasks.json` lists every task, `GET /dev/todoist/` each task's id, state and MeetScribe item id;
 * `POST /dev/todoist/tasks/{id}/close` and `…/reopen` complete or reopen a task as a person would in the app (the
 * app's webhook follows, as for the API's close/reopen); `POST /dev/todoist/rate-limit {count}` makes the next
 * `count` API calls answer 429 with `Retry-After: 1`. The authorize page approves at once as the account
 * named by `login_hint` (created on first use) and otherwise asks for an e-mail. The routes (routes.ts) are one
 * route table of local/provider-kit.
 */
export async function startLocalTodoist(options: LocalTodoistOptions): Promise<LocalTodoist> {
  const server: TodoistServer = {
    state: await TodoistState.open(options.dataDir), redirectUri: options.redirectUri, webhookUrl: options.webhookUrl, log: options.log,
    client: { clientId: options.clientId ?? TODOIST_LOCAL_CLIENT.clientId, clientSecret: options.clientSecret ?? TODOIST_LOCAL_CLIENT.clientSecret },
    rateLimitedCalls: 0,
  };
  const handle = listener(routeTable(todoistRoutes(server), todoistWire));
  return { ...(await listenLocal(http.createServer(guardDevWrites(handle, options.host)), options)), handle };
}
