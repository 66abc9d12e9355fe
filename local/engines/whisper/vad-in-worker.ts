/**
 * Silero VAD passes off the main thread: each threshold runs in its own worker over one shared copy of
 * the samples, so an hour of audio neither blocks the event loop nor takes longer than one pass.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SpeechRegion } from '../vad.js';

const here = import.meta.url;
const ENTRY = new URL(`./vad-worker${path.extname(fileURLToPath(here))}`, here);

/**
 * Speech regions of 16 kHz `samples` for each of `thresholds`, in that order. Rejects when the model
 * cannot be loaded, a worker dies, or `signal` aborts (the workers are ended).
 */
export async function detectSpeechInWorkers(samples: Float32Array, modelFile: string, thresholds: readonly number[], options: { maxSpeechSeconds: number; signal?: AbortSignal }): Promise<SpeechRegion[][]> {
  const shared = new Float32Array(new SharedArrayBuffer(samples.byteLength));
  shared.set(samples);
  return Promise.all(thresholds.map((threshold) => runWorker({ samples: shared, modelFile, threshold, maxSpeechSeconds: options.maxSpeechSeconds }, options.signal)));
}

function runWorker(workerData: unknown, signal?: AbortSignal): Promise<SpeechRegion[]> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const worker = spawnWorker(workerData);
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
    worker.once('message', (reply: { regions: SpeechRegion[] } | { error: string }) => settle(() => ('error' in reply ? reject(new Error(`Silero VAD failed: ${reply.error}`)) : resolve(reply.regions))));
    worker.once('error', (error) => settle(() => reject(new Error(`Silero VAD worker failed: ${error.message}`))));
    worker.once('exit', (code) => settle(() => reject(new Error(`Silero VAD worker exited with code ${code} before answering`))));
  });
}

/** The compiled entry, or the TypeScript one through tsx (as diarize-in-worker.ts does). */
function spawnWorker(workerData: unknown): Worker {
  if (!ENTRY.pathname.endsWith('.ts')) return new Worker(ENTRY, { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(ENTRY.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
