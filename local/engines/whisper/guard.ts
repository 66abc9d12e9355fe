/**
 * Hallucination guard: Whisper invents text on noise and can loop on a phrase. A piece's text is
 * dropped when it repeats itself, and a piece is not sent at all when little of it is confident speech.
 */
import { deflateSync } from 'node:zlib';

/** Whisper's own threshold (compression_ratio_threshold in openai/whisper): above it the text is a loop. */
export const MAX_COMPRESSION_RATIO = 2.4;
/** The same 1–8 word phrase this many times in a row is a loop. */
export const MAX_REPEATS = 4;
/** A piece whose share of confident speech (strict Silero threshold) is below this is not transcribed. */
export const MIN_SPEECH_SHARE = 0.2;

/** Bytes of text per byte of its deflated form (1 for empty text). */
export function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return 1;
  return bytes.length / deflateSync(bytes).length;
}

/** Longest run of one phrase of 1–8 words repeated back to back (case and punctuation ignored). */
export function longestRepeat(text: string): number {
  const words = text.toLowerCase().replace(/[^\p{L}\p{N}'\s]/gu, ' ').split(/\s+/).filter(Boolean);
  let best = words.length > 0 ? 1 : 0;
  for (let n = 1; n <= 8; n++) {
    for (let start = 0; start + 2 * n <= words.length; start++) {
      let runs = 1;
      while (start + (runs + 1) * n <= words.length && sameWords(words, start, start + runs * n, n)) runs++;
      best = Math.max(best, runs);
    }
  }
  return best;
}

function sameWords(words: string[], a: number, b: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (words[a + i] !== words[b + i]) return false;
  return true;
}

/** Why a piece's text must be dropped, or undefined when it may be kept. */
export function rejectText(text: string): string | undefined {
  if (longestRepeat(text) >= MAX_REPEATS) return 'repeats a phrase';
  // Short texts compress badly whatever they say; the ratio only means something on longer ones.
  if (text.length >= 60 && compressionRatio(text) > MAX_COMPRESSION_RATIO) return 'compresses like a loop';
  return undefined;
}

/** Why a piece must not be sent to Whisper, or undefined. `speechShare` is in 0..1. */
export function rejectPiece(speechShare: number): string | undefined {
  return speechShare < MIN_SPEECH_SHARE ? 'low speech probability' : undefined;
}
