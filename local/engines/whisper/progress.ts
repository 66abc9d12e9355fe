/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode, reported once the pieces are planned (0 of all) and after each piece.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

/** Reports 0 of the pieces' speech now, and returns what to call as each piece is decoded (a no-op without a listener). */
export function speechProgress(pieces: readonly Piece[], onProgress?: (progress: TranscriptionProgress) => void): (piece: Piece) => void {
  if (!onProgress) return () => undefined;
  const total = pieces.reduce((sum, piece) => sum + speechSeconds(piece), 0);
  let done = 0;
  const report = () => {
    try {
      onProgress({ done: Math.min(done, total), total });
    } catch {
      // A listener's failure is never the transcription's.
    }
  };
  report();
  return (piece) => {
    done += speechSeconds(piece);
    report();
  };
}
