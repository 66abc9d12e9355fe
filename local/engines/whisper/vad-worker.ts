/**
 * Worker entry of detectSpeechInWorkers (vad-in-worker.ts): runs the Silero VAD (sherpa-onnx) over the
 * shared samples or the WAV file with one threshold and posts the speech regions or the error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { detectSpeechRegions, detectSpeechRegionsInWav } from '../vad.js';
import type { WithStop } from '../worker-thread.js';
import type { VadJob } from './vad-in-worker.js';

const { audio, modelFile, threshold, maxSpeechSeconds, stop } = workerData as WithStop<VadJob>;
try {
  const options = { threshold, maxSpeechSeconds, stop };
  const regions = audio instanceof Float32Array ? await detectSpeechRegions(audio, modelFile, options)
    : await detectSpeechRegionsInWav(audio.wavPath, modelFile, options);
  parentPort!.postMessage({ regions });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error).message ?? String(error) });
}
