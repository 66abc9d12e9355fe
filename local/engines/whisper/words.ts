/**
 * Word times for Whisper's text. The graph returns text only (its beam search output is decoded inside
 * it, with no timestamp tokens), so times are interpolated: the piece's words are spread over the
 * piece's speech regions (pauses between regions get no words), each word taking time in proportion
 * to its length in letters plus one.
 */
import type { RecognizedWord } from '../types.js';
import type { SpeechRegion } from '../vad.js';

/** Splits Whisper's text into word tokens; punctuation-only tokens (e.g. '-', '...') are attached to the word before. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.trim().split(/\s+/)) {
    // Quotes and brackets around a word are not part of it; sentence punctuation after it is.
    const token = raw.replace(/^["'“‘([\-–—]+/u, '').replace(/["”’)\]]+(?=[.,!?;:]*$)/u, '');
    if (!/[\p{L}\p{N}]/u.test(token)) {
      const mark = /[.!?,;:]/.exec(token)?.[0];
      if (mark && words.length > 0 && !/[.!?,;:]$/.test(words[words.length - 1]!)) words[words.length - 1] += mark;
      continue;
    }
    words.push(token);
  }
  return words;
}

/** Places `texts` over `speech` (seconds, sorted), in proportion to length. */
export function interpolateWords(texts: readonly string[], speech: readonly SpeechRegion[], confidence = 1): RecognizedWord[] {
  const total = speech.reduce((sum, r) => sum + Math.max(0, r.end - r.start), 0);
  const weights = texts.map((t) => t.replace(/[^\p{L}\p{N}]/gu, '').length + 1);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (texts.length === 0 || total <= 0) return [];
  // Maps a position along the speech (0..total seconds) to a time in the recording.
  const at = (position: number): number => {
    let left = position;
    for (const region of speech) {
      const length = region.end - region.start;
      if (left <= length) return region.start + left;
      left -= length;
    }
    return speech[speech.length - 1]!.end;
  };
  const words: RecognizedWord[] = [];
  let position = 0;
  texts.forEach((text, i) => {
    const length = (total * weights[i]!) / weightSum;
    let start = at(position);
    const end = at(position + length);
    // A word straddling a pause starts after it: words do not span silence.
    const region = speech.find((r) => end > r.start && end <= r.end + 1e-9);
    if (region && start < region.start) start = region.start;
    words.push({ text, start: round3(start), end: round3(end), confidence, speaker: 0 });
    position += length;
  });
  return words;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
