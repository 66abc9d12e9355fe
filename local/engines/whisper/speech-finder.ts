/**
 * The Whisper engine's speech regions, for both of its thresholds, from one Silero pass (silero-stream.ts in a child
 * process, segmented by silero-segments.ts) as it goes; when that process cannot run (no onnxruntime-node here), from
 * sherpa-onnx's two passes in worker threads as before (vad-in-worker.ts), which find the same regions.
 */
import { SILERO_RATE, SILERO_WINDOW, SileroSegmenter } from '../silero-segments.js';
import { streamSileroProbabilities } from '../silero-stream.js';
import type { SpeechRegion } from '../vad.js';
import { detectSpeechInWorkers, type VadAudio } from './vad-in-worker.js';

export interface FoundSpeech {
  /** Regions at the speech threshold, and at the strict one. */
  regions: SpeechRegion[];
  confident: SpeechRegion[];
}

export interface FindSpeechOptions {
  /** [speech threshold, strict threshold]. */
  thresholds: readonly [number, number];
  maxSpeechSeconds: number;
  signal?: AbortSignal;
  /** Called with all the regions found so far (speech threshold) each time the pass has found more. */
  onRegions?: (regions: readonly SpeechRegion[]) => void;
  /** Called with the seconds of audio looked at so far, after each block (one pass only). */
  onScanned?: (seconds: number) => void;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

/** Rejects when both ways fail, or with the signal's reason when it aborts. */
export async function findSpeech(audio: VadAudio, modelFile: string, options: FindSpeechOptions): Promise<FoundSpeech> {
  const { thresholds: [speech, strict], maxSpeechSeconds, signal } = options;
  const segmenters = [new SileroSegmenter({ threshold: speech, maxSpeechSeconds }), new SileroSegmenter({ threshold: strict, maxSpeechSeconds })];
  const found: FoundSpeech = { regions: [], confident: [] };
  let windows = 0;
  try {
    await streamSileroProbabilities(audio, modelFile, (probabilities) => {
      const before = found.regions.length;
      windows += probabilities.length;
      for (const p of probabilities) {
        found.regions.push(...segmenters[0]!.push(p));
        found.confident.push(...segmenters[1]!.push(p));
      }
      if (found.regions.length > before) options.onRegions?.(found.regions);
      options.onScanned?.((windows * SILERO_WINDOW) / SILERO_RATE);
    }, { signal });
    found.regions.push(...segmenters[0]!.flush());
    found.confident.push(...segmenters[1]!.flush());
    return found;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    options.log?.('Silero in one pass could not run; two passes in worker threads instead', { reason: (error as Error).message });
  }
  const [regions, confident] = await detectSpeechInWorkers(audio, modelFile, [speech, strict], { maxSpeechSeconds, signal }) as
    [SpeechRegion[], SpeechRegion[]];
  return { regions, confident };
}
