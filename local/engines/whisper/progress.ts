/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode. Pieces reach Whisper while the VAD still runs (piece-stream.ts), so the total is
 * known only once the VAD is done; until then it is estimated from the speech found so far over the share of the
 * recording looked at (`scanned`), and nothing is reported before a tenth of the recording has been looked at.
 *
 * Only pieces back from Whisper count, each as its session returns it. The estimate reads the engine's pace from its
 * first piece back on (core/pipeline/progress-estimate.ts), and pieces coming back at that pace measure it without a
 * bias. Counting the pieces being decoded as half done moved the work done in jumps as pieces were handed over and came
 * back, ahead of the decoding (docs/pipeline.md, session 16: the bench's 2-minute 50 % point missed at −72 % with it).
 *
 * The speech-finding is not counted as work: the decoding beside it goes at about the pace it keeps once the VAD is
 * done (`bench:estimates` prints both: 24–26 against 29 s of speech a second for 60 minutes, native). Counting it
 * (0.15 s of speech a second looked at, native) had been fitted while each piece was reported only once the VAD was
 * done, which hid the decoding beside it.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

export interface SpeechProgress {
  /** Pieces planned; `final` once the VAD is done and these are the last (the total is then exact). */
  planned(pieces: readonly Piece[], final: boolean): void;
  /** The VAD has looked at the first `seconds` of the recording and found `speech` s of speech so far. */
  scanned(seconds: number, speech: number): void;
  /** A piece is back from Whisper. */
  decoded(piece: Piece): void;
}

const QUIET: SpeechProgress = { planned: () => undefined, scanned: () => undefined, decoded: () => undefined };
/** Share of the recording the VAD must have looked at before its speech so far stands for the whole. */
const SCANNED_ENOUGH = 0.1;

/** Tracks the pieces' speech of a recording of `durationSeconds` (a no-op without a listener). */
export function speechProgress(durationSeconds: number, onProgress?: (progress: TranscriptionProgress) => void): SpeechProgress {
  if (!onProgress) return QUIET;
  const duration = Math.max(0, durationSeconds);
  let total = 0;
  let decoded = 0;
  let known = false;
  let projected = 0;
  const report = () => {
    const whole = known ? total : projected;
    if (!(whole > 0)) return;
    try {
      onProgress({ done: Math.min(decoded, whole), total: whole });
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
    scanned: (seconds, speech) => {
      if (known || !(duration > 0)) return;
      if (seconds < SCANNED_ENOUGH * duration) return;
      projected = Math.max(total, (speech * duration) / Math.min(seconds, duration));
      report();
    },
    decoded: (piece) => {
      decoded += speechSeconds(piece);
      report();
    },
  };
}
