import { randomBytes, randomUUID } from 'node:crypto';
import { persisted } from '../provider-kit/index.js';

/** A task as Todoist API v1 puts it on the wire (snake_case). */
export interface WireTask {
  id: string; user_id: string; project_id: string; section_id: string | null; parent_id: string | null;
  added_by_uid: string | null; assigned_by_uid: string | null; responsible_uid: string | null;
  labels: string[]; deadline: null; duration: null; checked: boolean; is_deleted: boolean;
  added_at: string; completed_at: string | null; updated_at: string;
  due: { date: string; string: string; lang: string; is_recurring: boolean } | null;
  priority: number; child_order: number; content: string; description: string; day_order: number; is_collapsed: boolean;
}

export interface TodoistAccount { id: string; email: string; fullName: string; inboxProjectId: string }

interface StateFile {
  accounts: TodoistAccount[];
  /** access token → account id */
  tokens: Record<string, string>;
  /** authorization code → account id (single use) */
  codes: Record<string, string>;
  tasks: WireTask[];
  /** `${accountId} ${X-Request-Id}` → task id */
  requestIds: Record<string, string>;
}

const empty = (): StateFile => ({ accounts: [], tokens: {}, codes: {}, tasks: [], requestIds: {} });
const newId = () => randomBytes(8).toString('hex');

/**
 * What the local Todoist server holds, kept in `${dataDir}/todoist.json` so a restart loses nothing
 * (written atomically, as the other local providers' state).
 */
export class TodoistState {
  private constructor(private readonly data: StateFile, private readonly write: () => void) {}

  static async open(dataDir: string): Promise<TodoistState> {
    const { state, save } = persisted<StateFile>(dataDir, 'todoist', empty);
    return new TodoistState(state, save);
  }

  accountByEmail(email: string): TodoistAccount | undefined {
    return this.data.accounts.find((a) => a.email === email.toLowerCase());
  }

  ensureAccount(email: string): TodoistAccount {
    const existing = this.accountByEmail(email);
    if (existing) return existing;
    const normalised = email.toLowerCase();
    const account = { id: newId(), email: normalised, fullName: normalised.split('@')[0]!, inboxProjectId: newId() };
    this.data.accounts.push(account);
    return account;
  }

  issueCode(accountId: string): string {
    const code = randomUUID();
    this.data.codes[code] = accountId;
    return code;
  }

  /** Exchanges a code once; undefined when unknown or used. */
  redeemCode(code: string): string | undefined {
    const accountId = this.data.codes[code];
    delete this.data.codes[code];
    if (!accountId) return undefined;
    const token = randomBytes(20).toString('hex');
    this.data.tokens[token] = accountId;
    return token;
  }

  revoke(token: string): void {
    delete this.data.tokens[token];
  }

  accountForToken(token: string): TodoistAccount | undefined {
    const id = this.data.tokens[token];
    return id ? this.data.accounts.find((a) => a.id === id) : undefined;
  }

  activeTasks(projectId: string): WireTask[] {
    return this.data.tasks.filter((t) => t.project_id === projectId && !t.checked && !t.is_deleted);
  }

  tasksOf(accountId: string): WireTask[] {
    return this.data.tasks.filter((t) => t.user_id === accountId);
  }

  allTasks(): Array<WireTask & { account_email: string }> {
    return this.data.tasks.map((t) => ({ ...t, account_email: this.data.accounts.find((a) => a.id === t.user_id)?.email ?? '' }));
  }

  taskForRequestId(accountId: string, requestId: string): WireTask | undefined {
    const id = this.data.requestIds[`${accountId} ${requestId}`];
    return id ? this.data.tasks.find((t) => t.id === id) : undefined;
  }

  addTask(task: WireTask, requestId: string | undefined): void {
    this.data.tasks.push(task);
    if (requestId) this.data.requestIds[`${task.user_id} ${requestId}`] = task.id;
  }

  task(taskId: string): WireTask | undefined {
    return this.data.tasks.find((t) => t.id === taskId && !t.is_deleted);
  }

  /** Completes (checked) or reopens a task; false when it already was so. */
  setChecked(task: WireTask, checked: boolean, now: string): boolean {
    if (task.checked === checked) return false;
    task.checked = checked;
    task.completed_at = checked ? now : null;
    task.updated_at = now;
    return true;
  }

  account(accountId: string): TodoistAccount | undefined {
    return this.data.accounts.find((a) => a.id === accountId);
  }

  newTaskId(): string {
    return newId();
  }

  /** Persists the current state. */
  async save(): Promise<void> {
    this.write();
  }
}
