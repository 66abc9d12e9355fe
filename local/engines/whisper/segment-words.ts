/**
 * Word times from Whisper's own segment times (native runtime). A piece is several stretches of the recording joined
 * (chunker.ts), so a time in what Whisper heard is first carried back to the recording, stretch by stretch. Each
 * segment's words are then placed over the speech regions inside the segment's span, as words.ts places a piece's
 * words over its regions, but now only within the few seconds Whisper says they were spoken in.
 */
import type { RecognizedWord } from '../types.js';
import type { SpeechRegion } from '../vad.js';
import type { Piece } from './chunker.js';
import type { TimedText } from './timestamps.js';
import { interpolateWords, splitWords } from './words.js';

/**
 * Seconds in the piece's joined audio → seconds in the recording (a time past the last stretch stays at its end). A
 * time on the seam of two stretches is the end of the first for an `end`, the start of the second for a `start`.
 */
export function toRecordingTime(piece: Pick<Piece, 'stretches'>, heard: number, side: 'start' | 'end' = 'end'): number {
  let offset = 0;
  for (const s of piece.stretches) {
    const length = s.end - s.start;
    if (side === 'end' ? heard <= offset + length : heard < offset + length) return s.start + Math.max(0, heard - offset);
    offset += length;
  }
  return piece.stretches.at(-1)?.end ?? heard;
}

/** The parts of `regions` inside [start, end]; the span itself when none is. */
function regionsWithin(regions: readonly SpeechRegion[], start: number, end: number): SpeechRegion[] {
  const inside = regions
    .map((r) => ({ start: Math.max(r.start, start), end: Math.min(r.end, end) }))
    .filter((r) => r.end - r.start > 0.01);
  return inside.length > 0 ? inside : [{ start, end }];
}

/** The words of `segments` (times in the piece's joined audio) with times in the recording. */
export function wordsFromSegments(segments: readonly TimedText[], piece: Pick<Piece, 'stretches' | 'speech'>, confidence = 1): RecognizedWord[] {
  return segments.flatMap((segment) => {
    const start = toRecordingTime(piece, segment.start, 'start');
    const end = Math.max(start, toRecordingTime(piece, segment.end, 'end'));
    const texts = splitWords(segment.text);
    if (texts.length === 0) return [];
    if (end - start < 0.01) return interpolateWords(texts, [{ start, end: start + 0.01 * texts.length }], confidence);
    return interpolateWords(texts, regionsWithin(piece.speech, start, end), confidence);
  });
}
