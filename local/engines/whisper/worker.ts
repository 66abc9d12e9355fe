/**
 * Worker entry of WhisperPool (pool.ts): loads one WASM Whisper session from workerData.modelFile, posts
 * `{ ready: true }` (or `{ loadError }`), then answers every `{ id, samples }` with `{ id, text }` or `{ id, error }`,
 * one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createWhisperSession, type WhisperSession } from './session.js';

const { modelFile, beams, threads } = workerData as { modelFile: string; beams?: number; threads?: number };
const port = parentPort!;
let session: WhisperSession;
try {
  session = await createWhisperSession(modelFile, { beams, threads });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ loadError: (error as Error).message ?? String(error) });
  process.exit(0);
}
port.on('message', async ({ id, samples }: { id: number; samples: Float32Array }) => {
  try {
    port.postMessage({ id, ...(await session.recognize(samples)) });
  } catch (error) {
    port.postMessage({ id, error: (error as Error).message ?? String(error) });
  }
});
