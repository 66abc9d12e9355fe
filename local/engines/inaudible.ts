/**
 * Stretches of a recording that held speech the engine could not transcribe (issue 31): a reader must see that words
 * are missing there, so they are marked in the transcript as "[inaudible 0:40–0:59]" instead of simply being absent.
 */
import { inaudibleMark } from '../../functions/core/transcripts/inaudible-mark.js';
import type { InaudibleStretch, RecognizedWord, SpeakerTurn } from './types.js';

/** Stretches closer than this (seconds) are one mark. */
export const MERGE_GAP_SECONDS = 1;
/** Less speech than this (seconds) in a stretch is not marked: a cough or a breath Silero took for speech. */
export const MIN_MARKED_SECONDS = 1;

/** The stretches (speech start → end) merged when under MERGE_GAP_SECONDS apart, short ones left out; sorted. */
export function mergeStretches(stretches: readonly InaudibleStretch[]): InaudibleStretch[] {
  const merged: InaudibleStretch[] = [];
  for (const s of [...stretches].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && s.start - last.end < MERGE_GAP_SECONDS) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, s.end) };
    else merged.push({ start: s.start, end: s.end });
  }
  return merged.filter((s) => s.end - s.start >= MIN_MARKED_SECONDS);
}

/**
 * `words` with one mark word per stretch, in time order. A mark's speaker is the speaker of the diarization turn
 * that overlaps it most, else of the word just before it (0 when none).
 */
export function withInaudibleMarks(
  words: readonly RecognizedWord[], stretches: readonly InaudibleStretch[], turns: readonly SpeakerTurn[] = [],
): RecognizedWord[] {
  if (stretches.length === 0) return [...words];
  const marks = stretches.map((stretch): RecognizedWord => ({
    start: stretch.start, end: stretch.end, text: inaudibleMark(stretch.start, stretch.end), confidence: 0, speaker: speakerOf(stretch, words, turns),
  }));
  return [...words, ...marks].sort((a, b) => a.start - b.start || a.end - b.end);
}

function speakerOf(stretch: InaudibleStretch, words: readonly RecognizedWord[], turns: readonly SpeakerTurn[]): number {
  let best: SpeakerTurn | undefined;
  let most = 0;
  for (const turn of turns) {
    const overlap = Math.min(stretch.end, turn.end) - Math.max(stretch.start, turn.start);
    if (overlap > most) { most = overlap; best = turn; }
  }
  if (best) return best.speaker;
  const before = words.filter((w) => w.start <= stretch.start).at(-1) ?? words[0];
  return before?.speaker ?? 0;
}
