/**
 * Whisper sessions in worker threads: each worker holds one single-threaded WASM session, and the event loop (API,
 * emulators, WebSockets) keeps answering meanwhile. (The native runtime runs in child processes: native-process.ts.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { spawnWorker } from '../worker-thread.js';
import type { WhisperText } from './session.js';

// The entry is this module's sibling with the same extension: .ts under tsx and jest, .js once compiled.
const here = import.meta.url;
const ENTRY = new URL(`./worker${path.extname(fileURLToPath(here))}`, here);

export interface WhisperPool {
  readonly size: number;
  /** Text (and segments, natively) of ≤ 30 s of 16 kHz audio, on the next free worker. Rejects when the worker fails or the pool is closed. */
  recognize(samples: Float32Array, signal?: AbortSignal): Promise<WhisperText>;
  close(): Promise<void>;
}

interface Pending { samples: Float32Array; resolve: (text: WhisperText) => void; reject: (error: Error) => void; signal?: AbortSignal }

export interface WhisperPoolOptions {
  beams?: number;
  /** WASM threads of each session (only 1 loads under Node). @default 1 */
  threads?: number;
}

/**
 * Starts `size` workers, each loading `modelFile` (checked by the caller) with `beams` beams (default WHISPER_BEAMS, session.ts). Resolves once all have loaded; rejects with the load error otherwise (the workers are ended).
 */
/** How long close() waits for pieces under way before ending the threads anyway. */
const CLOSE_WAIT_MS = 60_000;

export async function startWhisperPool(modelFile: string, size: number, options: WhisperPoolOptions = {}): Promise<WhisperPool> {
  const workers = await Promise.all(Array.from({ length: Math.max(1, size) }, () => startWorker(modelFile, options))
    .map((p) => p.catch((error: Error) => error)));
  const failed = workers.find((w): w is Error => w instanceof Error);
  if (failed) {
    await Promise.all(workers.map((w) => (w instanceof Worker ? w.terminate() : undefined)));
    throw failed;
  }
  const idle = [...(workers as Worker[])];
  let alive = idle.length;
  const queue: Pending[] = [];
  let nextId = 0;
  let closed = false;
  /** Pieces being recognised now: close() lets them finish, since ending a thread inside a native inference aborts the process. */
  const running = new Set<Promise<void>>();

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const job = queue.shift()!;
      if (job.signal?.aborted) { job.reject(job.signal.reason as Error); continue; }
      const worker = idle.pop()!;
      const id = nextId++;
      let finished!: () => void;
      const run = new Promise<void>((resolve) => { finished = resolve; });
      running.add(run);
      const onMessage = (reply: { id: number; text?: string; segments?: WhisperText['segments']; error?: string }) => {
        if (reply.id !== id) return;
        done();
        if (reply.error !== undefined) job.reject(new Error(`Whisper failed: ${reply.error}`));
        else job.resolve(reply.segments ? { text: reply.text ?? '', segments: reply.segments } : { text: reply.text ?? '' });
      };
      const onExit = (code: number) => {
        done(false);
        job.reject(new Error(`Whisper worker exited with code ${code}`));
        // With no worker left, nothing would ever take the queued pieces.
        if (--alive === 0) for (const waiting of queue.splice(0)) waiting.reject(new Error('Whisper workers have all exited'));
      };
      const done = (reuse = true) => {
        running.delete(run);
        finished();
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.unref();
        if (reuse && !closed) { idle.push(worker); pump(); }
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.ref();
      worker.postMessage({ id, samples: job.samples });
    }
  };

  return {
    size: workers.length,
    recognize(samples, signal) {
      if (closed) return Promise.reject(new Error('Whisper pool is closed'));
      if (alive === 0) return Promise.reject(new Error('Whisper workers have all exited'));
      return new Promise((resolve, reject) => {
        queue.push({ samples, resolve, reject, signal });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('Whisper pool is closed'));
      // onnxruntime-node (native) throws past its thread when the thread ends mid-inference, and the process aborts
      // ("terminate called after throwing an instance of 'Napi::Error'"): a piece under way is let finish (≤ 30 s of audio).
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([Promise.all(running), new Promise<void>((resolve) => { waited = setTimeout(resolve, CLOSE_WAIT_MS); })]);
      clearTimeout(waited);
      await Promise.all((workers as Worker[]).map((w) => w.terminate()));
    },
  };
}

function startWorker(modelFile: string, options: WhisperPoolOptions): Promise<Worker> {
  const worker = spawnWorker(ENTRY, { modelFile, ...options });
  // An idle worker must not keep the process alive; it is referenced only while it works (pump).
  return new Promise((resolve, reject) => {
    worker.once('message', (reply: { ready?: true; loadError?: string }) => {
      if (reply.ready) { worker.unref(); resolve(worker); }
      else reject(new Error(`Whisper model could not be loaded: ${reply.loadError}`));
    });
    worker.once('error', (error) => reject(new Error(`Whisper worker failed: ${error.message}`)));
  });
}
