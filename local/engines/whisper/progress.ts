/**
 * The Whisper engine's progress for the time-left estimates (docs/pipeline.md "Time left"): seconds of speech decoded
 * of the seconds of speech to decode. Pieces reach Whisper while the VAD still runs (piece-stream.ts), so the total is
 * known only once the VAD is done; until then it is estimated from the speech found so far over the share of the
 * recording looked at (`scanned`), and nothing is reported before a tenth of the recording has been looked at. The
 * pieces being decoded count as half done: completed pieces alone would lag the work done by the pieces in flight,
 * most at the start of a short recording. Only one piece a session is being decoded, the first handed to the pool;
 * the pool holds a second one a session waiting, which has not started (counting every piece handed over as half done
 * projected a 2-minute recording's transcription at about half its time: `bench:estimates`, 2-minute 25 % point −79 %).
 * Before the first piece is back none is counted: the VAD's end, the first report, comes just after they started.
 *
 * The speech-finding is counted as work too (`scanCost`): while the VAD runs it takes a core, and the decoding beside it
 * goes at about half the pace it has once the VAD is done, so a rate read from the decoding alone during the VAD
 * projected the stage far too long (a 60-minute recording's time left grew from 300 to 445 s while the VAD ran, then
 * fell to 258 s; `bench:estimates`, loaded machine). Counting each second of recording looked at as `scanCost`
 * seconds of speech decoded keeps the work done growing at about the machine's pace throughout.
 */
import type { TranscriptionProgress } from '../types.js';
import { speechSeconds, type Piece } from './chunker.js';

export interface SpeechProgress {
  /** Pieces planned; `final` once the VAD is done and these are the last (the total is then exact). */
  planned(pieces: readonly Piece[], final: boolean): void;
  /** The VAD has looked at the first `seconds` of the recording and found `speech` s of speech so far. */
  scanned(seconds: number, speech: number): void;
  /** A piece is handed to the pool. */
  started(piece: Piece): void;
  /** A piece is decoded (reports once the total is known). */
  decoded(piece: Piece): void;
}

/**
 * The VAD's CPU time per second of recording over the decoding's per second of speech, by runtime (docs/pipeline.md
 * "Time left"): Silero in one pass, 20.8 s of CPU for 60 minutes (`npm run bench:silero -- --minutes 60`: 0.0058 s a
 * second); native Whisper with 3 beams, 1.06 s of CPU for a 28 s piece (`npm run bench:whisper-parts`: 0.038 s a
 * second of speech); WebAssembly Whisper with 5 beams about four times that (`bench:pipeline`'s CPU time of the
 * WebAssembly run less the shared stages: about 0.15 s a second of speech).
 */
export const NATIVE_SCAN_COST = 0.15;
export const WASM_SCAN_COST = 0.04;

const QUIET: SpeechProgress = { planned: () => undefined, scanned: () => undefined, started: () => undefined, decoded: () => undefined };
/** Share of the recording the VAD must have looked at before its speech so far stands for the whole. */
const SCANNED_ENOUGH = 0.1;

/**
 * Tracks the pieces' speech of a recording of `durationSeconds` (a no-op without a listener); `scanCost` is the VAD's
 * work per second of recording, in seconds of speech decoded (NATIVE_SCAN_COST, WASM_SCAN_COST; 0 leaves it out);
 * `sessions` is how many pieces the pool decodes at once (its size).
 */
export function speechProgress(durationSeconds: number, onProgress?: (progress: TranscriptionProgress) => void, scanCost = 0,
  sessions = Number.POSITIVE_INFINITY): SpeechProgress {
  if (!onProgress) return QUIET;
  const duration = Math.max(0, durationSeconds);
  let scannedSeconds = 0;
  let total = 0;
  let decoded = 0;
  /** Pieces handed to the pool and not back yet, in the order handed over (the first `sessions` are being decoded). */
  const inFlight: Piece[] = [];
  // Before the first piece is back the ones handed over have only just started: none is counted as half done yet.
  const decoding = () => (decoded > 0 ? inFlight.slice(0, sessions).reduce((sum, piece) => sum + speechSeconds(piece), 0) : 0);
  let known = false;
  let projected = 0;
  const report = () => {
    const whole = known ? total : projected;
    if (!(whole > 0)) return;
    try {
      onProgress({ done: Math.min(decoded + decoding() / 2, whole) + scanCost * scannedSeconds, total: whole + scanCost * duration });
    } catch {
      // A listener's failure is never the transcription's.
    }
  };
  return {
    planned: (pieces, final) => {
      total += pieces.reduce((sum, piece) => sum + speechSeconds(piece), 0);
      if (final) {
        known = true;
        scannedSeconds = duration;
        report();
      }
    },
    scanned: (seconds, speech) => {
      if (known || !(duration > 0)) return;
      scannedSeconds = Math.min(Math.max(scannedSeconds, seconds), duration);
      if (seconds < SCANNED_ENOUGH * duration) return;
      projected = Math.max(total, (speech * duration) / Math.min(seconds, duration));
      report();
    },
    started: (piece) => { inFlight.push(piece); },
    decoded: (piece) => {
      const at = inFlight.findIndex((p) => p === piece || (p.start === piece.start && p.end === piece.end));
      if (at >= 0) inFlight.splice(at, 1);
      decoded += speechSeconds(piece);
      report();
    },
  };
}
