import { tokenize } from '../search/text.js';
import type { PassageDoc, PassageLine } from './model.js';

/** A transcript turn as passages are cut from: display speaker name, text, seconds. */
export interface TimedTurn { readonly speaker: string; readonly text: string; readonly start: number; readonly end: number }

/**
 * Window and stride of speech passages, in turns. Chosen by `npm run eval:ask -- --direct` on QMSum's
 * train meetings (docs/search.md, "Ask"): windows of 12 turns starting every 6.
 */
export const PASSAGE_WINDOW = 12;
export const PASSAGE_STRIDE = 6;

export interface Windowing { readonly window: number; readonly stride: number }

/**
 * Cuts a meeting's turns into overlapping windows of `window` turns starting every `stride` turns (the last
 * window ends at the last turn). Empty turns keep their place, so turn numbers stay the transcript's.
 */
export function speechPassages(meetingId: string, turns: readonly TimedTurn[], w: Windowing = { window: PASSAGE_WINDOW,
  stride: PASSAGE_STRIDE }): PassageDoc[] {
  if (w.window < 1 || w.stride < 1) throw new RangeError('window and stride must be at least 1');
  const passages: PassageDoc[] = [];
  for (let first = 0; first < turns.length; first += w.stride) {
    const last = Math.min(turns.length, first + w.window) - 1;
    const lines: PassageLine[] = turns.slice(first, last + 1).map((t) => ({ speaker: t.speaker, start: t.start, end: t.end, text: t.text }));
    passages.push({ meetingId, kind: 'speech', position: passages.length, firstTurn: first, lastTurn: last, start: turns[first].start, end: turns[last].end,
      lines });
    if (last === turns.length - 1) break;
  }
  return passages;
}

/** A frame with the words OCR read on it. */
export interface SlideFrame { readonly timestamp: number; readonly imageKey: string; readonly words: ReadonlyArray<{ readonly text: string }> }

/** Two frames whose word sets overlap this much (Jaccard) show the same slide. */
export const SAME_SLIDE = 0.8;

const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
};

/**
 * One passage per distinct slide: frames in time order, a frame showing the same words as the last kept
 * one (SAME_SLIDE) is the same slide; frames without words are skipped. The passage runs from the slide's
 * first frame to the next kept one (or its own time) and covers the turn spoken then.
 */
export function slidePassages(meetingId: string, frames: readonly SlideFrame[], turns: readonly TimedTurn[]): PassageDoc[] {
  const kept: Array<{ frame: SlideFrame; words: Set<string> }> = [];
  for (const frame of [...frames].sort((a, b) => a.timestamp - b.timestamp)) {
    const words = new Set(tokenize(frame.words.map((w) => w.text).join(' ')));
    if (words.size === 0) continue;
    const last = kept.at(-1);
    if (last && jaccard(last.words, words) >= SAME_SLIDE) continue;
    kept.push({ frame, words });
  }
  return kept.map(({ frame }, position) => {
    const end = kept[position + 1]?.frame.timestamp ?? frame.timestamp;
    const turn = turnAt(turns, frame.timestamp);
    return {
      meetingId, kind: 'slide', position, firstTurn: turn, lastTurn: turn, start: frame.timestamp, end, imageKey: frame.imageKey,
      lines: [{ speaker: '', start: frame.timestamp, end, text: frame.words.map((w) => w.text).join(' ') }],
    };
  });
}

/** The turn being spoken at `time` (the last one started by then), -1 when none. */
function turnAt(turns: readonly TimedTurn[], time: number): number {
  let found = -1;
  turns.forEach((t, i) => { if (t.start <= time) found = i; });
  return found;
}
