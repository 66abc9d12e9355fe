import { access } from 'node:fs/promises';
import { runNative, throwIfStopped, type StopFlag } from './native-stop.js';
import { loadSherpa } from './sherpa.js';

/** A detected speech piece: `start` in samples from the beginning, and its samples. */
export interface SpeechPiece { start: number; samples: Float32Array }

/** A stretch of speech in seconds from the beginning. */
export interface SpeechRegion { start: number; end: number }

export interface SileroOptions {
  maxSpeechSeconds?: number;
  threshold?: number;
  /** In a worker thread: checked between native calls; a requested stop throws StoppedError. */
  stop?: StopFlag;
}

const WINDOW = 512;
const RATE = 16_000;
/** Windows between two looks at the stop flag: about 2 s of audio, a few milliseconds of work. */
const WINDOWS_PER_STOP_CHECK = 64;

/**
 * Cuts 16 kHz audio into speech pieces of at most `maxSpeechSeconds` with the silero VAD model at
 * `modelFile` (sherpa-onnx `Vad`). Throws if the model file is missing or the binding cannot load.
 */
export async function detectSpeech(samples: Float32Array, modelFile: string, options: SileroOptions = {}): Promise<SpeechPiece[]> {
  const pieces: SpeechPiece[] = [];
  await runSilero(samples, modelFile, options, (segment) => pieces.push({ start: segment.start, samples: Float32Array.from(segment.samples) }));
  return pieces;
}

/**
 * Like detectSpeech, but keeps only where the speech is (seconds), not its samples: what the on-box
 * diarizer needs, without holding a second copy of every spoken sample of a long recording.
 * Throws if the model file is missing or the binding cannot load.
 */
export async function detectSpeechRegions(samples: Float32Array, modelFile: string, options: SileroOptions = {}): Promise<SpeechRegion[]> {
  const regions: SpeechRegion[] = [];
  await runSilero(samples, modelFile, options, (segment) => regions.push({ start: segment.start / RATE, end: (segment.start +
    segment.samples.length) / RATE }));
  return regions;
}

async function runSilero(samples: Float32Array, modelFile: string, options: SileroOptions, onSegment: (segment: { start: number; samples: Float32Array }) =>
  void): Promise<void> {
  await access(modelFile).catch(() => { throw new Error(`Silero VAD model not found at ${modelFile}`); });
  await runNative(options.stop, () => {
    const { Vad } = loadSherpa();
    const vad = new Vad({
      sileroVad: { model: modelFile, threshold: options.threshold ?? 0.5, minSilenceDuration: 0.3, minSpeechDuration: 0.25, windowSize: WINDOW,
        maxSpeechDuration: options.maxSpeechSeconds ?? 20 },
      sampleRate: RATE, numThreads: 1, provider: 'cpu', debug: 0,
    }, 60);
    const drain = () => {
      while (!vad.isEmpty()) {
        onSegment(vad.front(false));
        vad.pop();
      }
    };
    for (let i = 0, window = 0; i + WINDOW <= samples.length; i += WINDOW, window++) {
      if (window % WINDOWS_PER_STOP_CHECK === 0) throwIfStopped(options.stop);
      vad.acceptWaveform(samples.subarray(i, i + WINDOW));
      drain();
    }
    vad.flush();
    drain();
  });
}
