/**
 * Whisper sessions in worker threads: each worker holds one single-threaded WASM session, so `size`
 * workers use `size` cores, and the event loop (API, emulators, WebSockets) keeps answering meanwhile.
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
  /**
   * Text (and timed segments, on the native runtime) of ≤ 30 s of 16 kHz audio, on the next free worker.
   * Rejects when the worker fails or the pool is closed.
   */
  recognize(samples: Float32Array, signal?: AbortSignal): Promise<WhisperText>;
  close(): Promise<void>;
  /**
   * Ends the idle sessions now when nothing is queued or decoding (lazyWhisperPool: they start again on the next
   * piece), instead of after the idle delay; a no-op while there is work.
   */
  release?(): Promise<void>;
}

interface Pending { samples: Float32Array; resolve: (text: WhisperText) => void; reject: (error: Error) => void; signal?: AbortSignal }

/**
 * Starts `size` workers, each loading `modelFile` (checked by the caller) with `beams` beams (default WHISPER_BEAMS,
 * session.ts) and `threads` WASM threads (default 1). Resolves once all have loaded; rejects with the load error
 * otherwise (the workers are ended).
 */
export async function startWhisperPool(modelFile: string, size: number, options: { beams?: number; threads?: number } = {}): Promise<WhisperPool> {
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

  const pump = () => {
    while (idle.length > 0 && queue.length > 0) {
      const job = queue.shift()!;
      if (job.signal?.aborted) { job.reject(job.signal.reason as Error); continue; }
      const worker = idle.pop()!;
      const id = nextId++;
      const onMessage = (reply: { id: number; text?: string; error?: string }) => {
        if (reply.id !== id) return;
        done();
        if (reply.error !== undefined) job.reject(new Error(`Whisper failed: ${reply.error}`));
        else job.resolve({ text: reply.text ?? '' });
      };
      const onExit = (code: number) => {
        done(false);
        job.reject(new Error(`Whisper worker exited with code ${code}`));
        // With no worker left, nothing would ever take the queued pieces.
        if (--alive === 0) for (const waiting of queue.splice(0)) waiting.reject(new Error('Whisper workers have all exited'));
      };
      const done = (reuse = true) => {
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
      await Promise.all((workers as Worker[]).map((w) => w.terminate()));
    },
  };
}

function startWorker(modelFile: string, options: { beams?: number; threads?: number }): Promise<Worker> {
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
