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
export async function startNativeWhisperPool(modelFile: string, tables: BpeTables, size: number, options: NativeProcessOptions = {}): Promise<WhisperPool> {
  const started = await Promise.all(Array.from({ length: Math.max(1, size) }, () => startProcess(modelFile, tables, options).catch((error: Error) => error)));
  const failed = started.find((c): c is Error => c instanceof Error);
  if (failed) {
    for (const c of started) if (!(c instanceof Error)) c.kill();
    throw failed;
  }
  const all = new Set<ChildProcess>();
  const free: ChildProcess[] = [];
  const queue: Pending[] = [];
  let restarting = 0;
  let restarts = 0;
  let nextId = 0;
  let closed = false;

  const failQueueIfNoneLeft = () => {
    if (all.size === 0 && restarting === 0) for (const job of queue.splice(0)) job.reject(new NativeWhisperCrash('No native Whisper process is left'));
  };
  function replace() {
    if (closed || restarts >= MAX_RESTARTS) return failQueueIfNoneLeft();
    restarts++;
    restarting++;
    startProcess(modelFile, tables, options).then((child) => {
      restarting--;
      if (closed) { child.kill(); return; }
      adopt(child);
      pump();
    }, () => { restarting--; failQueueIfNoneLeft(); });
  }

  function pump() {
    while (free.length > 0 && queue.length > 0) {
      const job = queue.shift()!;
      if (job.signal?.aborted) { job.reject(job.signal.reason as Error); continue; }
      const child = free.pop()!;
      const id = nextId++;
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        release();
        if (!closed) { free.push(child); pump(); }
        if (reply.error !== undefined) job.reject(new Error(`Whisper failed: ${reply.error}`));
        else job.resolve(reply.segments ? { text: reply.text ?? '', segments: reply.segments } : { text: reply.text ?? '' });
      };
      const onExit = (code: number | null, signal: string | null) => {
        release();
        all.delete(child);
        job.reject(closed
          ? new Error('Whisper pool is closed')
          : new NativeWhisperCrash(`Native Whisper process ended during a piece (${signal ?? `code ${code}`})`));
        replace();
      };
      const release = () => { child.off('message', onMessage); child.off('exit', onExit); idle(child); };
      child.on('message', onMessage);
      child.once('exit', onExit);
      working(child);
      child.send({ id, samples: job.samples });
    }
  }
  /** Takes a loaded process into the pool; one that dies while idle is replaced as well. */
  function adopt(child: ChildProcess) {
    all.add(child);
    free.push(child);
    child.on('exit', () => {
      if (closed || !all.has(child) || !free.includes(child)) return;
      free.splice(free.indexOf(child), 1);
      all.delete(child);
      replace();
    });
  }
  for (const child of started as ChildProcess[]) adopt(child);

  return {
    size: started.length,
    recognize(samples, signal) {
      if (closed) return Promise.reject(new Error('Whisper pool is closed'));
      if (all.size === 0 && restarting === 0) return Promise.reject(new NativeWhisperCrash('No native Whisper process is left'));
      return new Promise((resolve, reject) => {
        queue.push({ samples, resolve, reject, signal });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('Whisper pool is closed'));
      // Ending a process is safe even inside an inference: its native state goes with it.
      await Promise.all([...all].map((child) => new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
        child.once('exit', () => resolve());
        // An idle child is unref'd (idle()); held again so a script awaiting close() waits for its exit.
        child.ref();
        child.kill();
      })));
    },
  };
}
