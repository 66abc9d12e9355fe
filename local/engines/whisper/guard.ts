/**
 * Hallucination guard: Whisper invents text on noise and music and can loop on a phrase. A piece's text is dropped
 * only for reasons that hold at any recording level (issue 31): it repeats itself, it is nothing but sound
 * descriptions ("[Music]", "♪"), or it is one of Whisper's stock phrases for non-speech ("Thank you.") said over audio
 * that is hardly speech. Before, a piece was not sent at all when little of it was confident speech, and a quiet but
 * clear recording lost every word that way.
 */
import { deflateSync } from 'node:zlib';

/** Whisper's own threshold (compression_ratio_threshold in openai/whisper): above it the text is a loop. */
export const MAX_COMPRESSION_RATIO = 2.4;
/** The same 1–8 word phrase this many times in a row is a loop. */
export const MAX_REPEATS = 4;
/** Under this share of confident speech (strict Silero threshold) a piece is "hardly speech": a stock phrase from it is dropped. */
export const MIN_SPEECH_SHARE = 0.2;

/** Why the guard drops a text; `loop` ones stand for speech whose words were lost (marked inaudible), the others for no speech. */
export const DROP_REASONS = {
  repeats: 'repeats a phrase',
  compresses: 'compresses like a loop',
  soundsOnly: 'sound descriptions only, no speech',
  stockPhrase: 'stock phrase over audio that is hardly speech',
} as const;

/** True when the reason means speech was there but its words could not be kept (a loop), rather than no speech at all. */
export function lostSpeech(reason: string | undefined): boolean {
  return reason === DROP_REASONS.repeats || reason === DROP_REASONS.compresses;
}

/** "[Music]", "(upbeat music)", "*applause*", "♪ ♪", "[BLANK_AUDIO]": what Whisper writes for sound that is not speech. */
const SOUND_DESCRIPTION = /\[[^\]]*\]|\([^)]*\)|\*[^*]*\*|[♪♫♬♩]+/gu;

/** True when `text` holds sound descriptions and nothing else (no word outside brackets or music signs). */
export function soundDescriptionsOnly(text: string): boolean {
  const stripped = text.replace(SOUND_DESCRIPTION, ' ');
  return stripped !== text && stripped.replace(/[^\p{L}\p{N}]+/gu, '') === '';
}

/** Whisper's habitual lines on silence, noise and music (from its subtitle training data), compared without case or marks. */
const STOCK_PHRASES = new Set([
  'you', 'thank you', 'thanks', 'thank you very much', 'thank you so much', 'thanks for watching', 'thank you for watching',
  'thanks for listening', 'thank you for listening', 'bye', 'bye bye', 'okay', 'oh', 'so', 'the end', 'please subscribe',
  'subscribe', 'like and subscribe', 'see you next time', 'i\'ll see you next time', 'see you in the next video',
]);

/** True when `text` is one of the stock phrases (or a few of them in a row). */
export function stockPhrase(text: string): boolean {
  const sentences = text.toLowerCase().split(/[.!?]+/).map((s) => s.replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim()).filter(Boolean);
  return sentences.length > 0 && sentences.every((s) => STOCK_PHRASES.has(s));
}

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

/**
 * Why a piece's text must be dropped, or undefined when it may be kept. `speechShare` (0..1) is the share of the
 * piece's speech that is confident speech; it only decides together with the text (a stock phrase), never alone.
 */
export function rejectText(text: string, speechShare = 1): string | undefined {
  if (longestRepeat(text) >= MAX_REPEATS) return DROP_REASONS.repeats;
  // Short texts compress badly whatever they say; the ratio only means something on longer ones.
  if (text.length >= 60 && compressionRatio(text) > MAX_COMPRESSION_RATIO) return DROP_REASONS.compresses;
  if (soundDescriptionsOnly(text)) return DROP_REASONS.soundsOnly;
  if (speechShare < MIN_SPEECH_SHARE && stockPhrase(text)) return DROP_REASONS.stockPhrase;
  return undefined;
}
