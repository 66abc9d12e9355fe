/**
 * Worker entry of detectSpeechInWorkers (vad-in-worker.ts): runs the Silero VAD (sherpa-onnx) over the
 * shared samples with one threshold and posts the speech regions or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { detectSpeechRegions } from '../vad.js';
import type { WithStop } from '../worker-thread.js';
import type { VadJob } from './vad-in-worker.js';

const { samples, modelFile, threshold, maxSpeechSeconds, stop } = workerData as WithStop<VadJob>;
try {
  parentPort!.postMessage({ regions: await detectSpeechRegions(samples, modelFile, { threshold, maxSpeechSeconds, stop }) });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message ?? String(error) });
}
