import { TodoistApi, TodoistRequestError } from '@doist/todoist-sdk';
import { TaskSinkError, type TaskDraft, type TaskSink } from '../../core/integrations/action-item-tasks.js';

export interface TodoistTaskSinkOptions {
  readonly accessToken: string;
  /** The service's origin: https://api.todoist.com in the cloud, the local Todoist server in the local edition. */
  readonly baseUrl?: string;
  /** How many times a 429 is retried after its Retry-After before giving up. @default 3 */
  readonly maxRateLimitRetries?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const MAX_RETRY_AFTER_MS = 60_000;
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** TaskSink on Todoist API v1 through the official SDK: tasks go to the user's inbox. */
export function createTodoistTaskSink(options: TodoistTaskSinkOptions): TaskSink {
  const api = new TodoistApi(options.accessToken, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  const retries = options.maxRateLimitRetries ?? 3;
  const sleep = options.sleep ?? wait;

  async function call<T>(request: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        const retryAfter = rateLimitDelayMs(error);
        if (retryAfter === undefined || attempt >= retries) throw error;
        await sleep(retryAfter);
      }
    }
  }

  return {
    async openInboxTaskCount() {
      try {
        const { inboxProjectId } = await call(() => api.getUser());
        let count = 0;
        let cursor: string | null = null;
        do {
          const page: { results: unknown[]; nextCursor: string | null } = await call(() => api.getTasks({ projectId: inboxProjectId, limit: 200, cursor }));
          count += page.results.length;
          cursor = page.nextCursor;
        } while (cursor);
        return count;
      } catch (error) {
        throw toSinkError(error);
      }
    },

    async createTask(draft: TaskDraft) {
      const args = { content: draft.content, description: draft.description };
      try {
        const task = await call(() => api.addTask(draft.dueString ? { ...args, dueString: draft.dueString } : args, draft.requestId))
          .catch((error: unknown) => {
            // A deadline Todoist cannot read ("after the launch") must not lose the task: the description keeps the said text.
            if (draft.dueString && rejectedArgument(error) === 'due_string') return call(() => api.addTask(args, draft.requestId));
            throw error;
          });
        return { taskId: task.id };
      } catch (error) {
        throw toSinkError(error);
      }
    },
  };
}

function errorBody(error: unknown): Record<string, unknown> {
  const data = error instanceof TodoistRequestError ? error.responseData : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

function rateLimitDelayMs(error: unknown): number | undefined {
  if (!(error instanceof TodoistRequestError) || error.httpStatusCode !== 429) return undefined;
  const extra = (errorBody(error).error_extra ?? {}) as Record<string, unknown>;
  const seconds = Number(extra.retry_after ?? 1);
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number.isFinite(seconds) ? seconds : 1) * 1000);
}

function rejectedArgument(error: unknown): string | undefined {
  if (!(error instanceof TodoistRequestError) || error.httpStatusCode !== 400) return undefined;
  const extra = (errorBody(error).error_extra ?? {}) as Record<string, unknown>;
  return typeof extra.argument === 'string' ? extra.argument : undefined;
}

function toSinkError(error: unknown): TaskSinkError {
  if (!(error instanceof TodoistRequestError)) return new TaskSinkError('unavailable', `Todoist could not be reached: ${(error as Error)?.message ?? error}`);
  const status = error.httpStatusCode;
  const tag = errorBody(error).error_tag;
  if (tag === 'MAX_ITEMS_LIMIT_REACHED') return new TaskSinkError('inbox_full', 'The Todoist inbox is full (300 open tasks).');
  if (error.isAuthenticationError()) return new TaskSinkError('unauthorized', 'Todoist no longer accepts the access token.');
  if (status !== undefined && status >= 400 && status < 500 && status !== 429) return new TaskSinkError('rejected',
    `Todoist refused the task: ${String(errorBody(error).error ?? error.message)}`);
  return new TaskSinkError('unavailable', `Todoist is unavailable (${status ?? 'no answer'}).`);
}

/**
 * Closes (done) or reopens a task (`POST /api/v1/tasks/{id}/close` | `…/reopen`); a task deleted in Todoist (404)
 * counts as done with. Throws TaskSinkError.
 */
export async function setTodoistTaskDone(options: Pick<TodoistTaskSinkOptions, 'accessToken' | 'baseUrl'>, taskId: string, done: boolean): Promise<void> {
  const api = new TodoistApi(options.accessToken, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  try {
    await (done ? api.closeTask(taskId) : api.reopenTask(taskId));
  } catch (error) {
    if (error instanceof TodoistRequestError && error.httpStatusCode === 404) return;
    throw toSinkError(error);
  }
}
