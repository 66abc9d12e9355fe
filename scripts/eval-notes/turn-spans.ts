/**
 * From the product's notes back to the turns of the meeting file: an imported transcript keeps one line per turn of the
 * file, in order (docs/meetings.md "Transcript import"), so a notes item's time range falls in the lines it rests on.
 */
import type { Prediction, Span } from './label-score.js';

export interface TimedLine { readonly start: number; readonly end: number }

/** Notes as GET meetings/{id}/generated_notes/ answers them (the fields the prediction needs). */
export interface NotesAnswer {
  readonly overview: string;
  readonly summary: readonly string[];
  readonly timestamp_ranges: ReadonlyArray<{ readonly start_time: number; readonly end_time: number }>;
  readonly decisions?: ReadonlyArray<{ readonly content: string; readonly timestamp_range: { readonly start_time: number; readonly end_time: number } }>;
  readonly action_items: ReadonlyArray<{ readonly content: string; readonly owner: string | null; readonly timestamp_range: { readonly start_time: number;
    readonly end_time: number } }>;
}

/** Half the notes' rounding step (they keep times to 0.01 s). */
const SLACK = 0.005;

/**
 * The [first, last] lines a time range rests on: the last line starting at or before its start, and the first line
 * from there that ends at or after its end. Lines must be in time order (an import's are).
 */
export function turnSpan(lines: readonly TimedLine[], start: number, end: number): Span {
  let first = 0;
  for (let i = 0; i < lines.length; i++) if (lines[i]!.start <= start + SLACK) first = i;
  let last = first;
  while (last < lines.length - 1 && lines[last]!.end < end - SLACK) last++;
  return [first, last];
}

/** The notes as a prediction over the file's turns (score-notes.mjs's shape). */
export function predictionOf(notes: NotesAnswer, lines: readonly TimedLine[]): Prediction & { overview: string } {
  const span = (r: { start_time: number; end_time: number }) => turnSpan(lines, r.start_time, r.end_time);
  return {
    overview: notes.overview,
    summary: notes.summary.map((text, i) => ({ turns: span(notes.timestamp_ranges[i]!), text })),
    decisions: (notes.decisions ?? []).map((d) => ({ turns: span(d.timestamp_range), text: d.content })),
    action_items: notes.action_items.map((a) => ({ turns: span(a.timestamp_range), owner: a.owner, text: a.content })),
  };
}
