import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type JobStatus = 'QUEUED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** A transcription job as kept on disk (times in epoch milliseconds). */
export interface JobRecord {
  name: string;
  status: JobStatus;
  languageCode: string;
  mediaFormat?: string;
  mediaUri: string;
  outputBucket?: string;
  outputKey?: string;
  showSpeakerLabels: boolean;
  maxSpeakerLabels?: number;
  creationTime: number;
  startTime?: number;
  completionTime?: number;
  failureReason?: string;
  transcriptUri?: string;
  engine?: string;
  /**
   * How far a running job is, when its engine says (ours, not Amazon Transcribe's: shown as the job's
   * `meetscribe:progress` tag; docs/pipeline.md "Time left"). Kept in memory only: a restarted job starts over.
   */
  progress?: JobProgress;
}

/**
 * Work done of the work to do in the engine's unit as of `updateTime`, and `startDone` done at `startTime`, the first
 * report of some work done (before one, the last report's time and 0); times epoch ms.
 */
export interface JobProgress { done: number; total: number; startTime: number; updateTime: number; startDone: number }

/** Job records as one JSON file each under `dir`, written atomically (temp file + rename). */
export class JobStore {
  private readonly jobs = new Map<string, JobRecord>();

  private constructor(private readonly dir: string) {}

  /** Opens (creating) the folder and loads every record in it. Throws if the folder is unusable. */
  static async open(dir: string): Promise<JobStore> {
    const store = new JobStore(dir);
    await mkdir(dir, { recursive: true });
    for (const file of await readdir(dir)) {
      if (!file.endsWith('.json')) continue;
      try {
        const record = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as JobRecord;
        store.jobs.set(record.name, record);
      } catch {
        // a record torn by a crash mid-write cannot be trusted; the temp-file rename makes this rare
      }
    }
    return store;
  }

  get(name: string): JobRecord | undefined {
    return this.jobs.get(name);
  }

  all(): JobRecord[] {
    return [...this.jobs.values()];
  }

  async save(record: JobRecord): Promise<void> {
    this.jobs.set(record.name, record);
    const file = this.file(record.name);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(record, null, 2));
    await rename(temp, file);
  }

  /** Replaces a record in memory only (progress, which a restart does not need). */
  remember(record: JobRecord): void {
    if (this.jobs.has(record.name)) this.jobs.set(record.name, record);
  }

  async delete(name: string): Promise<void> {
    this.jobs.delete(name);
    await rm(this.file(name), { force: true });
  }

  private file(name: string): string {
    return path.join(this.dir, `${name}.json`);
  }
}
