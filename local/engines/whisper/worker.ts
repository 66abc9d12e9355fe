/**
 * Worker entry of WhisperPool (pool.ts): loads one Whisper session from workerData.modelFile on the runtime named by
 * workerData.runtime (`wasm`: the carried graph on onnxruntime-web; `native`: the rewritten graph on onnxruntime-node,
 * with BpeDecoder's tables), posts `{ ready: true }` (or `{ loadError }`), then answers every `{ id, samples }` with
 * `{ id, text, segments? }` or `{ id, error }`, one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createNativeWhisperSession } from './native-session.js';
import { createWhisperSession, type WhisperSession } from './session.js';
import type { BpeTables } from './tokens.js';

const { modelFile, beams, threads, runtime, tables } = workerData as { modelFile: string; beams?: number; threads?: number; runtime?: 'wasm' | 'native'; tables?: BpeTables };
const port = parentPort!;
let session: WhisperSession;
try {
  session = runtime === 'native' ? await createNativeWhisperSession(modelFile, tables!, { beams, threads }) : await createWhisperSession(modelFile, { beams, threads });
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
