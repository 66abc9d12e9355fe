/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode. Pieces reach Whisper while the VAD still runs (piece-stream.ts), so the total is
 * known only once the VAD is done: nothing is reported before then (the estimate rests on the fitted stage cost), then
 * the work so far at once, then as each piece is decoded. The pieces handed to the pool and not back yet count as half
 * done: several are in flight at once (two per session), so completed pieces alone would lag the work done by up to
 * the pieces in flight, most at the start of a short recording.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

export interface SpeechProgress {
  /** Pieces planned; `final` once the VAD is done and these are the last (reports from then on). */
  planned(pieces: readonly Piece[], final: boolean): void;
  /** A piece is handed to the pool. */
  started(piece: Piece): void;
  /** A piece is decoded (reports once the total is known). */
  decoded(piece: Piece): void;
}

const QUIET: SpeechProgress = { planned: () => undefined, started: () => undefined, decoded: () => undefined };

/** Tracks the pieces' speech (a no-op without a listener). */
export function speechProgress(onProgress?: (progress: TranscriptionProgress) => void): SpeechProgress {
  if (!onProgress) return QUIET;
  let total = 0;
  let decoded = 0;
  let inFlight = 0;
  let known = false;
  const report = () => {
    if (!known) return;
    try {
      onProgress({ done: Math.min(decoded + inFlight / 2, total), total });
    } catch {
      // A listener's failure is never the transcription's.
    }
  };
  return {
    planned: (pieces, final) => {
      total += pieces.reduce((sum, piece) => sum + speechSeconds(piece), 0);
      if (final) {
        known = true;
        report();
      }
    },
    started: (piece) => { inFlight += speechSeconds(piece); },
    decoded: (piece) => {
      const seconds = speechSeconds(piece);
      inFlight = Math.max(0, inFlight - seconds);
      decoded += seconds;
      report();
    },
  };
}
