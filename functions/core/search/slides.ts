/**
 * Slides: consecutive frames showing the same text are one slide, seen from its first frame to its last. "The same"
 * is text similarity, not pixel equality (a video call's compression, a cursor or a webcam tile changes pixels, and OCR
 * reads a few words differently from frame to frame): the Jaccard similarity of the two frames' word sets.
 */
import type { FrameWord } from './model.js';
import { tokenize } from './text.js';

/**
 * Frames at least this similar are one slide. OCR of one still slide sampled three times (the fixture
 * meeting_constructed.mp4) agrees fully, and the text-heavy slides of bench:pipeline share under 0.2 of their
 * words with the next; 0.5 leaves room for OCR misreads on both sides (docs/search.md, Slides).
 */
export const SAME_SLIDE_SIMILARITY = 0.5;

/** The distinct words of a frame (single characters are mostly OCR noise: left out). */
export function slideWords(words: readonly FrameWord[]): Set<string> {
  return new Set(words.flatMap((w) => tokenize(w.text)).filter((t) => t.length >= 2));
}

/** Jaccard similarity of two word sets, 0..1; two frames without text (a blank screen, a face) are alike. */
export function textSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export interface SlideGroup<F> {
  /** The frames of the slide in time order. */
  readonly frames: readonly F[];
  /** Seconds: first and last time a frame showed it. */
  readonly start: number;
  readonly end: number;
  /** The frame OCR read most words on (the one to show and to search). */
  readonly best: F;
}

/** Groups frames (any order) into slides: a frame joins the slide before when its text is like the previous frame's. */
export function groupSlides<F extends { readonly timestamp: number; readonly words: readonly FrameWord[] }>(frames: readonly F[]): SlideGroup<F>[] {
  const sorted = [...frames].sort((a, b) => a.timestamp - b.timestamp);
  const groups: F[][] = [];
  let previous: Set<string> | undefined;
  for (const frame of sorted) {
    const words = slideWords(frame.words);
    if (previous && textSimilarity(previous, words) >= SAME_SLIDE_SIMILARITY) groups.at(-1)!.push(frame);
    else groups.push([frame]);
    previous = words;
  }
  return groups.map((group) => ({
    frames: group, start: group[0].timestamp, end: group.at(-1)!.timestamp,
    best: group.reduce((best, f) => (f.words.length > best.words.length ? f : best)),
  }));
}

/**
 * A slide's title: its line of tallest words in the upper half of the picture (words on one line share their
 * vertical centre within half a word's height), at most 80 characters; "" when no words are there.
 */
export function slideTitle(words: readonly FrameWord[]): string {
  const upper = words.filter((w) => w.box.top + w.box.height / 2 < 0.5);
  const lines: FrameWord[][] = [];
  for (const word of [...upper].sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left)) {
    const centre = word.box.top + word.box.height / 2;
    const line = lines.find((l) => Math.abs(l[0].box.top + l[0].box.height / 2 - centre) < l[0].box.height / 2);
    if (line) line.push(word); else lines.push([word]);
  }
  const height = (line: FrameWord[]) => line.reduce((s, w) => s + w.box.height, 0) / line.length;
  const tallest = lines.sort((a, b) => height(b) - height(a))[0];
  if (!tallest) return '';
  const text = tallest.sort((a, b) => a.box.left - b.box.left).map((w) => w.text).join(' ');
  return text.length > 80 ? text.slice(0, 80).replace(/\s+\S*$/, '') : text;
}
