import { Worker } from 'node:worker_threads';
import { ENGINE_KEEP_ALIVE_MS } from './wire.js';

/** A running dynalite with its LevelDB store. */
export interface Engine { readonly endpoint: string; stop(): Promise<void> }

type WorkerMessage = { port?: number; stopped?: boolean; error?: string };

/**
 * Starts dynalite on a random 127.0.0.1 port with LevelDB at `dbPath` (tables become ACTIVE at once), in a worker
 * thread of its own (engine-worker.mjs), so its work uses the machine's second core instead of the edition's event
 * loop. Throws if the port cannot be bound or LevelDB cannot be opened.
 */
export async function startEngine(dbPath: string): Promise<Engine> {
  const worker = new Worker(new URL('./engine-worker.mjs', import.meta.url), {
    workerData: { dbPath, keepAliveMs: ENGINE_KEEP_ALIVE_MS }, execArgv: [], stdout: false, stderr: false,
  });
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (error: Error) => { worker.terminate().catch(() => undefined); reject(error); };
    worker.once('message', (m: WorkerMessage) => (m.port ? resolve(m.port) : fail(new Error(`dynalite did not start: ${m.error}`))));
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`dynalite's worker exited with ${code} before it started`)));
  });
  worker.removeAllListeners('exit');
  worker.on('error', (error) => console.error('[local-dynamodb] engine worker failed:', error));
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => (stopping ??= new Promise<void>((resolve, reject) => {
      worker.on('message', (m: WorkerMessage) => {
        if (!m.stopped) return;
        if (m.error) reject(new Error(m.error));
        else resolve();
      });
      worker.once('exit', () => resolve());
      worker.postMessage('stop');
    }).finally(() => worker.terminate().then(() => undefined))),
  };
}
