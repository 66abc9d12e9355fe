/**
 * One Whisper tiny.en session on onnxruntime-node (native CPU kernels, intra-op threads) over the rewritten graph
 * (native-graph.ts): the log-mel front end, the encoder and the search run natively; the prompt asks for timestamps
 * (`<|startoftranscript|><|0.00|>`), and the token ids come back to TypeScript, which turns them into text and timed
 * segments (tokens.ts, timestamps.ts). A piece is decoded with a narrower beam first and again with the full beam only
 * when that result fails Whisper's own tests (fallback.ts).
 */
import { createRequire } from 'node:module';
import { fallbackReason, FIRST_BEAMS } from './fallback.js';
import { WHISPER_BEAMS, WHISPER_MAX_SECONDS, type WhisperSession } from './session.js';
import { segmentsFromTokens } from './timestamps.js';
import { createWhisperTokens, END_OF_TEXT, FIRST_TIMESTAMP, START_OF_TRANSCRIPT, type BpeTables } from './tokens.js';

const RATE = 16_000;
const PROMPT = [START_OF_TRANSCRIPT, FIRST_TIMESTAMP];
/** Whisper's decoder context: the longest sequence, prompt included. */
const MAX_LENGTH = 448;

/** onnxruntime-node re-exports onnxruntime-common's API (its 1.20.1 package ships no declaration file of its own). */
type Ort = typeof import('onnxruntime-common');

/**
 * onnxruntime-node, loaded on demand; rejects when its native library cannot be loaded on this machine. Only a native
 * Whisper process (native-child.ts) calls this: the addon is never loaded beside sherpa-onnx (docs/speech.md).
 */
export async function loadNativeRuntime(): Promise<Ort> {
  const require = createRequire(import.meta.url);
  return require('onnxruntime-node') as Ort;
}

export interface NativeSessionOptions {
  /** Beams of the first decoding (default FIRST_BEAMS). */
  firstBeams?: number;
  /** Beams of the decoding done again when the first fails fallback.ts's tests (default WHISPER_BEAMS). */
  beams?: number;
  /** Intra-op threads (default 1). */
  threads?: number;
}

/**
 * Loads the rewritten graph `modelFile` with BpeDecoder's `tables` (see NativeSessionOptions for the beams and
 * threads). Rejects when onnxruntime-node or the graph cannot be loaded.
 */
export async function createNativeWhisperSession(modelFile: string, tables: BpeTables, options: NativeSessionOptions = {}): Promise<WhisperSession> {
  const ort = await loadNativeRuntime();
  const tokens = createWhisperTokens(tables);
  const threads = Math.max(1, options.threads ?? 1);
  // Idle threads sleep rather than spin: the VAD, the diarizer and the other sessions need the same cores.
  const noSpinning = { allow_spinning: '0' };
  const session = await ort.InferenceSession.create(modelFile, {
    intraOpNumThreads: threads, interOpNumThreads: 1, logSeverityLevel: 3, extra: { session: { intra_op: noSpinning, inter_op: noSpinning } },
  });
  const int = (v: number) => new ort.Tensor('int32', Int32Array.of(v), [1]);
  const float = (v: number) => new ort.Tensor('float32', Float32Array.of(v), [1]);
  const decode = async (samples: Float32Array, beams: number) => {
    const out = await session.run({
      audio_pcm: new ort.Tensor('float32', samples, [1, samples.length]),
      max_length: int(MAX_LENGTH), min_length: int(1), num_beams: int(beams), num_return_sequences: int(1),
      length_penalty: float(1), repetition_penalty: float(1),
      decoder_input_ids: new ort.Tensor('int32', Int32Array.from(PROMPT), [1, PROMPT.length]),
    });
    const ids = Array.from(out.sequences!.data as Int32Array).slice(PROMPT.length);
    const text = tokens.decode(ids).trim();
    return { ids, text, averageLogprob: (out.sequences_scores!.data as Float32Array)[0]!, ended: ids.includes(END_OF_TEXT) };
  };
  const firstBeams = options.firstBeams ?? FIRST_BEAMS;
  const beams = options.beams ?? WHISPER_BEAMS;
  return {
    async recognize(samples) {
      if (samples.length > WHISPER_MAX_SECONDS * RATE + RATE / 10) {
        throw new RangeError(`Whisper takes at most ${WHISPER_MAX_SECONDS} s per call, got ${(samples.length / RATE).toFixed(1)} s`);
      }
      let decoding = await decode(samples, firstBeams);
      if (beams > firstBeams && fallbackReason(decoding)) decoding = await decode(samples, beams);
      const { ids, text } = decoding;
      const segments = segmentsFromTokens(ids, tokens, samples.length / RATE);
      return segments ? { text, segments } : { text };
    },
    release: () => session.release(),
  };
}
