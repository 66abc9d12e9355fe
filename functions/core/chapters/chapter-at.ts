/**
 * The chapter a moment of a meeting falls in: how an Ask citation names its chapter (docs/search.md, "Ask").
 */
import type { Chapter } from './model.js';

export type ChapterPlace = Pick<Chapter, 'title' | 'start_time' | 'turns'>;

/**
 * The chapter holding transcript turn `turn` (a citation's first line); for a moment without a turn (-1: a slide
 * shown before anything was said) the last chapter started by `time`, else the first. Undefined without chapters.
 */
export function chapterAt<C extends ChapterPlace>(chapters: readonly C[], turn: number, time: number): C | undefined {
  if (chapters.length === 0) return undefined;
  if (turn >= 0) {
    const holding = chapters.find((c) => c.turns[0] <= turn && turn <= c.turns[1]);
    if (holding) return holding;
  }
  return [...chapters].reverse().find((c) => c.start_time <= time) ?? chapters[0];
}
