import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { types } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Audio } from './audio.js';
import type { DiarizationOptions } from './diarize.js';
import type { SpeakerTurn } from './types.js';

/** What the worker gets (as workerData) and what it answers. */
export interface DiarizeJob { audio: Audio; options: DiarizationOptions; sileroModel?: string }
export type DiarizeReply = { turns: SpeakerTurn[]; vadFallback?: string } | { error: string };

export interface DiarizeInWorkerOptions {
  signal?: AbortSignal;
  /**
   * Silero VAD model file: the worker finds the speech regions with it (sherpa-onnx, threshold 0.5)
   * before diarizing. If that fails the worker uses the energy VAD and `onVadFallback` gets the reason.
   */
  sileroModel?: string;
  onVadFallback?: (reason: string) => void;
}

// The entry is this module's sibling with the same extension: .ts under tsx and jest, .js once compiled.
const here = import.meta.url;
const ENTRY = new URL(`./diarize-worker${path.extname(fileURLToPath(here))}`, here);

/**
 * Runs `diarize(audio, options)` in a worker thread, so a long recording does not block the event
 * loop. The samples' buffer is transferred, not copied: afterwards `audio.samples` is detached
 * (empty) in the caller. One worker per call, ended when it answers.
 * With `sileroModel` the speech regions come from the silero VAD, inside the worker too.
 * Rejects with a TypeError when `audio.samples` is not a Float32Array, with
 * "Diarization worker failed: …" when diarize throws or the worker dies, and with the signal's reason
 * when `signal` aborts (the worker is terminated).
 */
export function diarizeInWorker(audio: Audio, options: DiarizationOptions, { signal, sileroModel, onVadFallback }: DiarizeInWorkerOptions = {}): Promise<SpeakerTurn[]> {
  if (!types.isFloat32Array(audio?.samples)) return Promise.reject(new TypeError('diarizeInWorker needs audio.samples as a Float32Array'));
  if (signal?.aborted) return Promise.reject(signal.reason);
  const samples = ownsWholeBuffer(audio.samples) ? audio.samples : audio.samples.slice();
  const job: DiarizeJob = { audio: { samples, sampleRate: audio.sampleRate }, options, sileroModel };
  const worker = startWorker(job, [samples.buffer as ArrayBuffer]);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      finish();
    };
    const onAbort = () => settle(() => reject(signal!.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (reply: DiarizeReply) => settle(() => {
      if ('error' in reply) return reject(new Error(`Diarization worker failed: ${reply.error}`));
      if (reply.vadFallback !== undefined) onVadFallback?.(reply.vadFallback);
      resolve(reply.turns);
    }));
    worker.once('error', (error) => settle(() => reject(new Error(`Diarization worker failed: ${error.message}`, { cause: error }))));
    worker.once('exit', (code) => settle(() => reject(new Error(`Diarization worker exited with code ${code} before answering`))));
  });
}

/** A view over all of a plain ArrayBuffer can hand that buffer over; any other view is copied first. */
function ownsWholeBuffer(samples: Float32Array): boolean {
  return !types.isSharedArrayBuffer(samples.buffer) && samples.byteOffset === 0 && samples.byteLength === samples.buffer.byteLength;
}

/**
 * Starts the worker on the compiled entry, or on the TypeScript one through tsx: a worker shares
 * neither jest's transform (it lives in jest's VM) nor, on Node 20, an inherited `--import tsx` (the
 * hooks do not reach the worker's entry), so the worker registers tsx itself before loading the entry.
 */
function startWorker(job: DiarizeJob, transferList: ArrayBuffer[]): Worker {
  if (!ENTRY.pathname.endsWith('.ts')) return new Worker(ENTRY, { workerData: job, transferList });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: job, transferList });
}
