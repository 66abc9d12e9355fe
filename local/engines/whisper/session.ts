/**
 * One Whisper tiny.en inference session on onnxruntime-web (WASM, one thread). The graph takes 16 kHz
 * samples (at most 30 s) and returns the decoded, punctuated and cased text.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TimedText } from './timestamps.js';

/** Whisper's window: one call takes at most this much audio. */
export const WHISPER_MAX_SECONDS = 30;
const RATE = 16_000;
/**
 * Beam width of the graph's BeamSearch: 5, Whisper's own default for transcription. Against 1 beam it
 * lowered WER on asr/ and on the constructed meeting for about 15 % more CPU time (docs/speech.md).
 */
export const WHISPER_BEAMS = 5;

/** What Whisper heard in one call: its text, and (native runtime) the segments its timestamp tokens delimit. */
export interface WhisperText {
  text: string;
  /** Seconds from the start of the audio of the call; absent when the runtime gives no times (WebAssembly graph). */
  segments?: TimedText[];
}

export interface WhisperSession {
  /** Text of up to 30 s of 16 kHz audio (longer input is rejected). */
  recognize(samples: Float32Array): Promise<WhisperText>;
  release(): Promise<void>;
}

type Ort = typeof import('onnxruntime-web');

async function loadOrt(threads: number): Promise<Ort> {
  const require = createRequire(import.meta.url);
  const ort = require('onnxruntime-web') as Ort;
  // The .wasm files are read from the package's dist folder (not from beside a bundle, e.g. under jest).
  ort.env.wasm.wasmPaths = `${path.dirname(require.resolve('onnxruntime-web'))}${path.sep}`;
  ort.env.wasm.numThreads = threads;
  ort.env.wasm.proxy = false;
  return ort;
}

/**
 * Loads the graph from `modelFile` (checked by the caller, see carrier.ts) for `beams` beams (default WHISPER_BEAMS)
 * on `threads` WASM threads (default 1). Rejects when onnxruntime cannot load it.
 */
export async function createWhisperSession(modelFile: string, options: { beams?: number; threads?: number } = {}): Promise<WhisperSession> {
  const ort = await loadOrt(options.threads ?? 1);
  const session = await ort.InferenceSession.create(await readFile(modelFile), { executionProviders: ['wasm'], logSeverityLevel: 3 });
  const beams = options.beams ?? WHISPER_BEAMS;
  const int = (v: number) => new ort.Tensor('int32', Int32Array.of(v), [1]);
  const float = (v: number) => new ort.Tensor('float32', Float32Array.of(v), [1]);
  return {
    async recognize(samples) {
      if (samples.length > WHISPER_MAX_SECONDS * RATE + RATE / 10) {
        throw new RangeError(`Whisper takes at most ${WHISPER_MAX_SECONDS} s per call, got ${(samples.length / RATE).toFixed(1)} s`);
      }
      const feed = {
        audio_pcm: new ort.Tensor('float32', samples, [1, samples.length]),
        max_length: int(448), min_length: int(1), num_beams: int(beams), num_return_sequences: int(1),
        length_penalty: float(1), repetition_penalty: float(1),
      };
      const out = await session.run(feed);
      return { text: String((out.str!.data as string[])[0] ?? '').trim() };
    },
    release: () => session.release(),
  };
}
