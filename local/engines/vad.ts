import { access } from 'node:fs/promises';
import { loadSherpa } from './sherpa.js';

/** A detected speech piece: `start` in samples from the beginning, and its samples. */
export interface SpeechPiece { start: number; samples: Float32Array }

const WINDOW = 512;

/**
 * Cuts 16 kHz audio into speech pieces of at most `maxSpeechSeconds` with the silero VAD model at
 * `modelFile` (sherpa-onnx `Vad`). Throws if the model file is missing or the binding cannot load.
 */
export async function detectSpeech(samples: Float32Array, modelFile: string, options: { maxSpeechSeconds?: number; threshold?: number } = {}): Promise<SpeechPiece[]> {
  await access(modelFile).catch(() => { throw new Error(`Silero VAD model not found at ${modelFile}`); });
  const { Vad } = loadSherpa();
  const vad = new Vad({
    sileroVad: { model: modelFile, threshold: options.threshold ?? 0.5, minSilenceDuration: 0.3, minSpeechDuration: 0.25, windowSize: WINDOW, maxSpeechDuration: options.maxSpeechSeconds ?? 20 },
    sampleRate: 16_000, numThreads: 1, provider: 'cpu', debug: 0,
  }, 60);
  const pieces: SpeechPiece[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const segment = vad.front(false);
      pieces.push({ start: segment.start, samples: Float32Array.from(segment.samples) });
      vad.pop();
    }
  };
  for (let i = 0; i + WINDOW <= samples.length; i += WINDOW) {
    vad.acceptWaveform(samples.subarray(i, i + WINDOW));
    drain();
  }
  vad.flush();
  drain();
  return pieces;
}
