import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredHistoryEvent } from './history.js';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** One execution as kept in memory and on disk. Dates are ISO strings; input/output are JSON texts. */
export interface ExecutionRecord {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: string;
  status: ExecutionStatus;
  startDate: string;
  stopDate?: string;
  output?: string;
  error?: string;
  cause?: string;
  history: StoredHistoryEvent[];
}

interface WriteSlot {
  again: boolean;
  done: Promise<void>;
}

/** Executions in memory, each mirrored to `<dir>/<state machine>/<execution>.json` with atomic, coalesced writes. */
export class ExecutionStore {
  private readonly records = new Map<string, ExecutionRecord>();
  private readonly writing = new Map<string, WriteSlot>();
  private writeCounter = 0;

  private constructor(private readonly dir: string) {}

  /** Opens (creating if needed) the store under `dir` and loads every recorded execution. */
  static async open(dir: string): Promise<ExecutionStore> {
    const store = new ExecutionStore(dir);
    await mkdir(dir, { recursive: true });
    for (const machineDir of await readdir(dir, { withFileTypes: true })) {
      if (!machineDir.isDirectory()) continue;
      for (const file of await readdir(path.join(dir, machineDir.name))) {
        if (!file.endsWith('.json')) continue;
        const record = JSON.parse(await readFile(path.join(dir, machineDir.name, file), 'utf8')) as ExecutionRecord;
        store.records.set(record.executionArn, record);
      }
    }
    return store;
  }

  get(executionArn: string): ExecutionRecord | undefined {
    return this.records.get(executionArn);
  }

  /** Every execution, newest first. */
  all(): ExecutionRecord[] {
    return [...this.records.values()].sort((a, b) => b.startDate.localeCompare(a.startDate));
  }

  /** Adds or replaces a record and writes it. */
  put(record: ExecutionRecord): Promise<void> {
    this.records.set(record.executionArn, record);
    return this.save(record);
  }

  /** Writes the record's current state; calls during a write are folded into one more write. */
  save(record: ExecutionRecord): Promise<void> {
    const current = this.writing.get(record.executionArn);
    if (current) {
      current.again = true;
      return current.done;
    }
    const slot: WriteSlot = { again: false, done: Promise.resolve() };
    this.writing.set(record.executionArn, slot);
    slot.done = (async () => {
      try {
        do {
          slot.again = false;
          await this.write(record);
        } while (slot.again);
      } finally {
        this.writing.delete(record.executionArn);
      }
    })();
    return slot.done;
  }

  /** Resolves when every pending write has reached the disk. */
  async flush(): Promise<void> {
    while (this.writing.size) await Promise.allSettled([...this.writing.values()].map((slot) => slot.done));
  }

  private async write(record: ExecutionRecord): Promise<void> {
    const machineName = record.stateMachineArn.slice(record.stateMachineArn.lastIndexOf(':') + 1);
    const file = path.join(this.dir, encodeURIComponent(machineName), `${encodeURIComponent(record.name)}.json`);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${++this.writeCounter}.tmp`;
    await writeFile(temp, JSON.stringify(record));
    await rename(temp, file);
  }
}
