import { randomUUID } from 'node:crypto';
import { ExecutionTimeoutError, type StateMachine } from 'aws-local-stepfunctions';
import { executionArn, isValidExecutionName, type ArnScope } from './arns.js';
import type { TimingOverrides } from './definition.js';
import { ApiError } from './errors.js';
import { historyEventsFor, type EngineEvent } from './history.js';
import type { TaskHandler } from './sdk-task.js';
import type { ExecutionRecord, ExecutionStore } from './store.js';

/** A state machine ready to run: the engine plus everything its runs need. */
export interface RunnableMachine {
  readonly arn: string;
  readonly name: string;
  readonly engine: StateMachine;
  readonly handlers: Record<string, TaskHandler>;
  readonly timing: TimingOverrides;
  readonly resourceOf: (stateName: string) => string | undefined;
}

export interface RunnerOptions {
  readonly store: ExecutionStore;
  readonly machines: ReadonlyMap<string, RunnableMachine>;
  readonly scope: ArnScope;
  readonly maxConcurrent: number;
  readonly log: (message: string, extra?: Record<string, unknown>) => void;
}

interface ActiveRun {
  abort(): void;
  aborted: boolean;
}

/** Runs executions on the engine, at most `maxConcurrent` at a time, recording each one in the store. */
export class ExecutionRunner {
  private readonly queue: ExecutionRecord[] = [];
  private readonly active = new Map<string, ActiveRun>();
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(private readonly options: RunnerOptions) {}

  /**
   * Records and queues a new execution; an identical request for a running execution returns that execution.
   * @throws ApiError StateMachineDoesNotExist, InvalidExecutionInput, InvalidName, ExecutionAlreadyExists.
   */
  async start(stateMachineArn: string, input: string, name?: string): Promise<ExecutionRecord> {
    if (this.stopped) throw new ApiError('ServiceUnavailable', 'The local Step Functions service is stopping');
    const machine = this.options.machines.get(stateMachineArn);
    if (!machine) throw new ApiError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
    const parsedInput = parseInput(input);
    const executionName = name ?? randomUUID();
    if (!isValidExecutionName(executionName)) throw new ApiError('InvalidName', `Invalid Name: '${executionName}'`);
    const arn = executionArn(this.options.scope, machine.name, executionName);
    const existing = this.options.store.get(arn);
    if (existing) {
      if (existing.status === 'RUNNING' && JSON.stringify(JSON.parse(existing.input)) === JSON.stringify(parsedInput)) return existing;
      throw new ApiError('ExecutionAlreadyExists', `Execution Already Exists: '${arn}'`);
    }
    const record: ExecutionRecord = {
      executionArn: arn, stateMachineArn, name: executionName, input, status: 'RUNNING', startDate: new Date().toISOString(), history: [],
    };
    await this.options.store.put(record);
    this.enqueue(record);
    return record;
  }

  /** Queues every execution the store holds as RUNNING (left so by a process that died), from the beginning. */
  resumeRunning(): void {
    for (const record of this.options.store.all().reverse()) {
      if (record.status !== 'RUNNING' || !this.options.machines.has(record.stateMachineArn)) continue;
      this.options.log('resuming execution left running', { executionArn: record.executionArn });
      this.enqueue(record);
    }
  }

  /**
   * Aborts a running execution (status ABORTED).
   * @throws ApiError ExecutionDoesNotExist.
   */
  async stopExecution(arn: string, error?: string, cause?: string): Promise<ExecutionRecord> {
    const record = this.options.store.get(arn);
    if (!record) throw new ApiError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
    if (record.status !== 'RUNNING') return record;
    const queued = this.queue.indexOf(record);
    if (queued >= 0) this.queue.splice(queued, 1);
    const run = this.active.get(arn);
    if (run) {
      run.aborted = true;
      run.abort();
    }
    const now = Date.now();
    Object.assign(record, { status: 'ABORTED', stopDate: new Date(now).toISOString(), error, cause });
    appendHistory(record, [{ timestamp: now, type: 'ExecutionAborted', executionAbortedEventDetails: { error, cause } }]);
    await this.options.store.save(record);
    this.pump();
    return record;
  }

  /** Resolves when nothing is running or queued and every record is on disk. */
  async waitForIdle(): Promise<void> {
    if (this.active.size || this.queue.length) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await this.options.store.flush();
  }

  /** Stops starting executions and abandons running ones, leaving them RUNNING on disk to resume on the next start. */
  async shutdown(): Promise<void> {
    this.stopped = true;
    this.queue.length = 0;
    for (const run of this.active.values()) {
      run.aborted = true;
      run.abort();
    }
    this.active.clear();
    this.notifyIdle();
    await this.options.store.flush();
  }

  private enqueue(record: ExecutionRecord): void {
    this.queue.push(record);
    this.pump();
  }

  private pump(): void {
    while (!this.stopped && this.active.size < this.options.maxConcurrent && this.queue.length) {
      const record = this.queue.shift()!;
      void this.run(record).catch((error) => this.options.log('execution runner failed', { executionArn: record.executionArn, error: String(error) }));
    }
    if (!this.active.size && !this.queue.length) this.notifyIdle();
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async run(record: ExecutionRecord): Promise<void> {
    const machine = this.options.machines.get(record.stateMachineArn)!;
    const { store } = this.options;
    record.history = [];
    const execution = machine.engine.run(JSON.parse(record.input), {
      noThrowOnAbort: true,
      overrides: { taskResourceLocalHandlers: machine.handlers, ...machine.timing },
      context: {
        Execution: { Id: record.executionArn, Name: record.name, RoleArn: `arn:aws:iam::${this.options.scope.accountId}:role/local` },
        StateMachine: { Id: machine.arn, Name: machine.name },
      },
    });
    const run: ActiveRun = { abort: execution.abort, aborted: false };
    this.active.set(record.executionArn, run);
    const events = (async () => {
      for await (const event of execution.eventLogs) {
        if (run.aborted) continue;
        appendHistory(record, historyEventsFor(event as EngineEvent, machine.resourceOf));
        void store.save(record);
      }
    })();
    const outcome = await execution.result.then(
      (output) => ({ output, failure: undefined as unknown }),
      (failure: unknown) => ({ output: undefined, failure }),
    );
    await events;
    this.active.delete(record.executionArn);
    // Aborted by StopExecution (already recorded) or by shutdown (stays RUNNING on disk).
    if (run.aborted) return this.pump();
    Object.assign(record, { stopDate: new Date().toISOString(), ...finalState(outcome.output, outcome.failure) });
    this.options.log(`execution ${record.status.toLowerCase()}`, { executionArn: record.executionArn, error: record.error });
    await store.save(record);
    this.pump();
  }
}

function parseInput(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    throw new ApiError('InvalidExecutionInput', 'Invalid State Machine Execution Input: execution input must be JSON');
  }
}

function appendHistory(record: ExecutionRecord, bodies: ReturnType<typeof historyEventsFor>): void {
  for (const body of bodies) {
    const id = record.history.length + 1;
    record.history.push({ ...body, id, previousEventId: id - 1 });
  }
}

function finalState(output: unknown, failure: unknown): Partial<ExecutionRecord> {
  if (failure === undefined) return { status: 'SUCCEEDED', output: JSON.stringify(output ?? null) };
  if (failure instanceof ExecutionTimeoutError) return { status: 'TIMED_OUT', error: 'States.Timeout', cause: 'The execution timed out' };
  // ExecutionError wraps the state's error: its name is the ASL error, its message the cause.
  const inner = (failure as { cause?: unknown }).cause ?? failure;
  const error = inner instanceof Error ? inner : new Error(String(inner));
  return { status: 'FAILED', error: error.name, cause: error.message };
}
