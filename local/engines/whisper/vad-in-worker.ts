/**
 * Silero VAD passes off the main thread: each threshold runs in its own worker, over one shared copy of the samples
 * or over the WAV file read a block at a time (no copy: memory stays flat however long the recording), so an hour of
 * audio neither blocks the event loop nor takes longer than one pass.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpeechRegion } from '../vad.js';
import { runWorkerOnce } from '../worker-thread.js';

const here = import.meta.url;
const ENTRY = new URL(`./vad-worker${path.extname(fileURLToPath(here))}`, here);

/** The audio: samples (tests, evaluations) or a 16 kHz WAV file read in blocks (the engine). */
export type VadAudio = Float32Array | { wavPath: string };
export interface VadJob { audio: VadAudio; modelFile: string; threshold: number; maxSpeechSeconds: number }
export type VadReply = { regions: SpeechRegion[] } | { error: string };

/**
 * Speech regions of 16 kHz `audio` for each of `thresholds`, in that order. Rejects when the model
 * cannot be loaded, a worker dies, or `signal` aborts (the workers stop).
 */
export async function detectSpeechInWorkers(audio: VadAudio, modelFile: string, thresholds: readonly number[], options: { maxSpeechSeconds: number;
  signal?: AbortSignal }): Promise<SpeechRegion[][]> {
  const shared = audio instanceof Float32Array ? sharedCopy(audio) : audio;
  return Promise.all(thresholds.map(async (threshold) => {
    const reply = await runWorkerOnce<VadJob, VadReply>(ENTRY, { audio: shared, modelFile, threshold, maxSpeechSeconds: options.maxSpeechSeconds },
      'Silero VAD', { signal: options.signal });
    if ('error' in reply) throw new Error(`Silero VAD failed: ${reply.error}`);
    return reply.regions;
  }));
}

function sharedCopy(samples: Float32Array): Float32Array {
  const shared = new Float32Array(new SharedArrayBuffer(samples.byteLength));
  shared.set(samples);
  return shared;
}
