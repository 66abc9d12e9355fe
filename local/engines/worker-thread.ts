/**
 * The one way engines start worker threads. `spawnWorker` runs the compiled entry, or the TypeScript
 * one through tsx: a worker shares neither jest's transform (it lives in jest's VM) nor, on Node 20,
 * an inherited `--import tsx` (the hooks do not reach the worker's entry), so it registers tsx itself.
 * `runWorkerOnce` runs a one-answer worker that may be inside native code when asked to stop.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';
import { createStopFlag, requestStop, type StopFlag } from './native-stop.js';

export function spawnWorker(entry: URL, workerData: unknown, transferList?: TransferListItem[]): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, transferList });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, transferList });
}

/** What a one-answer worker gets: its job, and the stop flag it passes to its native calls. */
export type WithStop<Job> = Job & { stop: StopFlag };

/**
 * Starts `entry` with `job` plus a stop flag and resolves with its first message. Rejects with
 * "<name> worker failed: …" or "<name> worker exited with code N before answering" when it dies, and
 * with the signal's reason when `signal` aborts. On abort the worker is terminated only when it is
 * outside native code (native-stop.ts); otherwise it stops at its next check and ends by itself.
 */
export function runWorkerOnce<Job extends object, Reply>(entry: URL, job: Job, name: string, { signal, transferList }: { signal?: AbortSignal;
  transferList?: TransferListItem[] } = {}): Promise<Reply> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const stop = createStopFlag();
  const worker = spawnWorker(entry, { ...job, stop } satisfies WithStop<Job>, transferList);
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    // A worker inside native code stays referenced until it ends by itself (within a few ms of work): the process
    // must not exit under it, which would end it mid-call just like terminate().
    const onAbort = () => settle(() => {
      if (requestStop(stop)) void worker.terminate();
      reject(signal!.reason);
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    // The answer is the worker's last act, after its native work: ending it now is safe.
    worker.once('message', (reply: Reply) => settle(() => { void worker.terminate(); resolve(reply); }));
    worker.once('error', (error) => settle(() => reject(new Error(`${name} worker failed: ${error.message}`, { cause: error }))));
    worker.once('exit', (code) => settle(() => reject(new Error(`${name} worker exited with code ${code} before answering`))));
  });
}
