/**
 * Native Whisper sessions in child processes (issue 36, docs/speech.md "Process isolation"): onnxruntime-node is
 * loaded only in them (native-child.ts), never in the process that runs the API, the handlers and sherpa-onnx's VAD
 * and diarizer, nor in jest's. One process holds one session; a process that dies (a native abort, a kill) fails only
 * the piece it was working on, with NativeWhisperCrash, and is started again (at most MAX_RESTARTS times a pool).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WhisperPool } from './pool.js';
import type { WhisperText } from './session.js';
import type { BpeTables } from './tokens.js';

// The entry is this module's sibling with the same extension: .ts under tsx and jest, .js once compiled.
const ENTRY = fileURLToPath(new URL(`./native-child${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));
/** Processes started again after crashes, over a pool's life; after that a dead process stays dead. */
export const MAX_RESTARTS = 3;

/** A native Whisper process ended while it held a piece, or none is left: the piece can be tried on WebAssembly. */
export class NativeWhisperCrash extends Error {
  override name = 'NativeWhisperCrash';
}

export interface NativeProcessOptions {
  beams?: number;
  /** onnxruntime-node intra-op threads of each session. @default 1 */
  threads?: number;
}

interface Pending { samples: Float32Array; resolve: (text: WhisperText) => void; reject: (error: Error) => void; signal?: AbortSignal }
type Reply = { id: number; text?: string; segments?: WhisperText['segments']; error?: string };

/** Node's own flags for the child: the TypeScript entry runs through tsx (as `--import tsx` would), the compiled one as is. */
function execArgv(): string[] {
  return ENTRY.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
}

/** Starts one process and loads its session; rejects with the load error, or when the process dies first. */
function startProcess(modelFile: string, tables: BpeTables, options: NativeProcessOptions): Promise<ChildProcess> {
  const child = fork(ENTRY, [], { execArgv: execArgv(), serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`Native Whisper process ended before loading (${signal ?? `code ${code}`})`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (reply: { ready?: true; loadError?: string }) => {
      child.off('exit', onExit);
      if (reply.ready) { idle(child); resolve(child); return; }
      child.kill();
      reject(new Error(`Whisper model could not be loaded: ${reply.loadError}`));
    });
    child.send({ modelFile, tables, beams: options.beams, threads: options.threads });
  });
}

/** An idle process must not keep this one alive; it is referenced only while it works. */
function idle(child: ChildProcess) { child.unref(); child.channel?.unref(); }
function working(child: ChildProcess) { child.ref(); child.channel?.ref(); }

/**
 * Starts `size` processes, each with one native session over the rewritten graph `modelFile` and BpeDecoder's
 * `tables`. Resolves once all have loaded; rejects with the first load error otherwise (the others are ended).
 */
export async function startNativeWhisperPool(
  modelFile: string, tables: BpeTables, size: number, options: NativeProcessOptions = {},
): Promise<WhisperPool> {
  const started = await Promise.all(Array.from({ length: Math.max(1, size) }, () =>
    startProcess(modelFile, tables, options).catch((error: Error) => error)));
  const failed = started.find((c): c is Error => c instanceof Error);
  if (failed) {
    for (const c of started) if (!(c instanceof Error)) c.kill();
    throw failed;
  }
  const pool = new NativePool(() => startProcess(modelFile, tables, options));
  for (const child of started as ChildProcess[]) pool.adopt(child);
  return {
    size: started.length,
    recognize: (samples, signal) => pool.recognize(samples, signal),
    close: () => pool.close(),
  };
}

/**
 * The pool's state: its processes, the free ones, the queued pieces, and the restarts it has left. A process that
 * dies is replaced (at most MAX_RESTARTS times); with none left and none starting, the queued pieces fail.
 */
class NativePool {
  private readonly all = new Set<ChildProcess>();
  private readonly free: ChildProcess[] = [];
  private readonly queue: Pending[] = [];
  private restarting = 0;
  private restarts = 0;
  private nextId = 0;
  private closed = false;

  constructor(private readonly start: () => Promise<ChildProcess>) {}

  recognize(samples: Float32Array, signal?: AbortSignal): Promise<WhisperText> {
    if (this.closed) return Promise.reject(new Error('Whisper pool is closed'));
    if (this.noneLeft()) return Promise.reject(new NativeWhisperCrash('No native Whisper process is left'));
    return new Promise((resolve, reject) => {
      this.queue.push({ samples, resolve, reject, signal });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('Whisper pool is closed'));
    // Ending a process is safe even inside an inference: its native state goes with it.
    await Promise.all([...this.all].map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
      child.once('exit', () => resolve());
      // An idle child is unref'd (idle()); held again so a script awaiting close() waits for its exit.
      child.ref();
      child.kill();
    })));
  }

  /** Takes a loaded process into the pool; one that dies while idle is replaced as well. */
  adopt(child: ChildProcess): void {
    this.all.add(child);
    this.free.push(child);
    child.on('exit', () => {
      if (this.closed || !this.all.has(child) || !this.free.includes(child)) return;
      this.free.splice(this.free.indexOf(child), 1);
      this.all.delete(child);
      this.replace();
    });
  }

  private noneLeft(): boolean {
    return this.all.size === 0 && this.restarting === 0;
  }

  private failQueueIfNoneLeft(): void {
    if (this.noneLeft()) for (const job of this.queue.splice(0)) job.reject(new NativeWhisperCrash('No native Whisper process is left'));
  }

  private replace(): void {
    if (this.closed || this.restarts >= MAX_RESTARTS) return this.failQueueIfNoneLeft();
    this.restarts++;
    this.restarting++;
    this.start().then((child) => {
      this.restarting--;
      if (this.closed) { child.kill(); return; }
      this.adopt(child);
      this.pump();
    }, () => { this.restarting--; this.failQueueIfNoneLeft(); });
  }

  private pump(): void {
    while (this.free.length > 0 && this.queue.length > 0) {
      const job = this.queue.shift()!;
      if (job.signal?.aborted) { job.reject(job.signal.reason as Error); continue; }
      this.send(this.free.pop()!, job);
    }
  }

  /** Gives `job` to the free process `child`; its reply or its exit settles the job. */
  private send(child: ChildProcess, job: Pending): void {
    const id = this.nextId++;
    const onMessage = (reply: Reply) => {
      if (reply.id !== id) return;
      release();
      if (!this.closed) { this.free.push(child); this.pump(); }
      if (reply.error !== undefined) job.reject(new Error(`Whisper failed: ${reply.error}`));
      else job.resolve(reply.segments ? { text: reply.text ?? '', segments: reply.segments } : { text: reply.text ?? '' });
    };
    const onExit = (code: number | null, signal: string | null) => {
      release();
      this.all.delete(child);
      job.reject(this.closed
        ? new Error('Whisper pool is closed')
        : new NativeWhisperCrash(`Native Whisper process ended during a piece (${signal ?? `code ${code}`})`));
      this.replace();
    };
    const release = () => { child.off('message', onMessage); child.off('exit', onExit); idle(child); };
    child.on('message', onMessage);
    child.once('exit', onExit);
    working(child);
    child.send({ id, samples: job.samples });
  }
}
