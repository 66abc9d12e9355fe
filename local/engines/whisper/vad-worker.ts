/**
 * Worker entry of detectSpeechInWorker (vad-in-worker.ts): runs the Silero VAD (sherpa-onnx) over the
 * shared samples with one threshold and posts the speech regions or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { detectSpeechRegions } from '../vad.js';

const { samples, modelFile, threshold, maxSpeechSeconds } = workerData as { samples: Float32Array; modelFile: string; threshold: number; maxSpeechSeconds: number };
try {
  parentPort!.postMessage({ regions: await detectSpeechRegions(samples, modelFile, { threshold, maxSpeechSeconds }) });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message ?? String(error) });
}
