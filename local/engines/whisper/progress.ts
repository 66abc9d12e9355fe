/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode, reported once the pieces are planned (0 of all) and as each piece is decoded.
 * The pieces handed to the pool and not back yet count as half done: several are in flight at once (two per session),
 * so completed pieces alone would lag the work done by up to the pieces in flight, most at the start of a short recording.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

export interface SpeechProgress {
  /** A piece is handed to the pool. */
  started(piece: Piece): void;
  /** A piece is decoded (reports). */
  decoded(piece: Piece): void;
}

const QUIET: SpeechProgress = { started: () => undefined, decoded: () => undefined };

/** Reports 0 of the pieces' speech now; then as pieces are decoded (a no-op without a listener). */
export function speechProgress(pieces: readonly Piece[], onProgress?: (progress: TranscriptionProgress) => void): SpeechProgress {
  if (!onProgress) return QUIET;
  const total = pieces.reduce((sum, piece) => sum + speechSeconds(piece), 0);
  let decoded = 0;
  let inFlight = 0;
  const report = () => {
    try {
      onProgress({ done: Math.min(decoded + inFlight / 2, total), total });
    } catch {
      // A listener's failure is never the transcription's.
    }
  };
  report();
  return {
    started: (piece) => { inFlight += speechSeconds(piece); },
    decoded: (piece) => {
      const seconds = speechSeconds(piece);
      inFlight = Math.max(0, inFlight - seconds);
      decoded += seconds;
      report();
    },
  };
}
