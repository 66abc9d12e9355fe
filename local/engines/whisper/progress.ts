/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode. Pieces reach Whisper while the VAD still runs (piece-stream.ts), so the total is
 * known only once the VAD is done; until then it is estimated from the speech found so far over the share of the
 * recording looked at (`scanned`), and nothing is reported before a tenth of the recording has been looked at. The
 * pieces handed to the pool and not back yet count as half done: several are in flight at once (two per session), so
 * completed pieces alone would lag the work done by up to the pieces in flight, most at the start of a short recording.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

export interface SpeechProgress {
  /** Pieces planned; `final` once the VAD is done and these are the last (the total is then exact). */
  planned(pieces: readonly Piece[], final: boolean): void;
  /** The VAD has looked at `seconds` of a recording of `duration` s and found `speech` s of speech so far. */
  scanned(seconds: number, duration: number, speech: number): void;
  /** A piece is handed to the pool. */
  started(piece: Piece): void;
  /** A piece is decoded (reports once the total is known). */
  decoded(piece: Piece): void;
}

const QUIET: SpeechProgress = { planned: () => undefined, scanned: () => undefined, started: () => undefined, decoded: () => undefined };
/** Share of the recording the VAD must have looked at before its speech so far stands for the whole. */
const SCANNED_ENOUGH = 0.1;

/** Tracks the pieces' speech (a no-op without a listener). */
export function speechProgress(onProgress?: (progress: TranscriptionProgress) => void): SpeechProgress {
  if (!onProgress) return QUIET;
  let total = 0;
  let decoded = 0;
  let inFlight = 0;
  let known = false;
  let projected = 0;
  const report = () => {
    const whole = known ? total : projected;
    if (!(whole > 0)) return;
    try {
      onProgress({ done: Math.min(decoded + inFlight / 2, whole), total: whole });
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
    scanned: (seconds, duration, speech) => {
      if (known || !(duration > 0) || seconds < SCANNED_ENOUGH * duration) return;
      projected = Math.max(total, (speech * duration) / Math.min(seconds, duration));
      report();
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
