/**
 * Silero VAD passes off the main thread: each threshold runs in its own worker over one shared copy of
 * the samples, so an hour of audio neither blocks the event loop nor takes longer than one pass.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpeechRegion } from '../vad.js';
import { runWorkerOnce } from '../worker-thread.js';

const here = import.meta.url;
const ENTRY = new URL(`./vad-worker${path.extname(fileURLToPath(here))}`, here);

export interface VadJob { samples: Float32Array; modelFile: string; threshold: number; maxSpeechSeconds: number }
export type VadReply = { regions: SpeechRegion[] } | { error: string };

/**
 * Speech regions of 16 kHz `samples` for each of `thresholds`, in that order. Rejects when the model
 * cannot be loaded, a worker dies, or `signal` aborts (the workers stop).
 */
export async function detectSpeechInWorkers(samples: Float32Array, modelFile: string, thresholds: readonly number[], options: { maxSpeechSeconds: number;
  signal?: AbortSignal }): Promise<SpeechRegion[][]> {
  const shared = new Float32Array(new SharedArrayBuffer(samples.byteLength));
  shared.set(samples);
  return Promise.all(thresholds.map(async (threshold) => {
    const reply = await runWorkerOnce<VadJob, VadReply>(ENTRY, { samples: shared, modelFile, threshold, maxSpeechSeconds: options.maxSpeechSeconds },
      'Silero VAD', { signal: options.signal });
    if ('error' in reply) throw new Error(`Silero VAD failed: ${reply.error}`);
    return reply.regions;
  }));
}
