/**
 * A meeting's chapters from its transcript turns and the slides shown: topic shifts in what was said
 * (topic-shifts.ts) and changes of the slide on screen cut it; each chapter is titled by the slide that opens it
 * or by a key phrase of its own, and carries its speakers and the slide on screen for most of it.
 */
import { keyphrases } from '../notes/keyphrases.js';
import { frequencyRank } from '../notes/word-commonness.js';
import { BOUNDARY_CUES } from './boundary-cues-data.js';
import { cueBonuses } from './boundary-cues.js';
import type { Chapter, ChapterTurn, Slide } from './model.js';
import { TOPIC_SHIFT_DEFAULTS, topicShifts, type TopicShiftOptions } from './topic-shifts.js';

/** A slide on screen at least this long opens a chapter; shorter ones (skipped through) do not. */
export const MIN_SLIDE_SECONDS = 30;
/** A topic shift this close to a slide change is the same cut: the slide change is kept. */
export const SNAP_SECONDS = 60;
/** Titles longer than this are cut at a word. */
const MAX_TITLE = 60;

export interface ChapterOptions {
  readonly slides?: readonly Slide[];
  /** Lower-case words never to use in a title (speakers' names). */
  readonly excluded?: ReadonlySet<string>;
  readonly topicShift?: TopicShiftOptions;
}

/** First turn that starts at or after `time` (turns.length when none). */
const turnAt = (turns: readonly ChapterTurn[], time: number) => {
  const i = turns.findIndex((t) => t.start >= time - 0.5);
  return i < 0 ? turns.length : i;
};

/**
 * Where chapters begin (turn indexes > 0, ascending): slide changes, then topic shifts (lexical cohesion, and turns that
 * open a topic as a chair does: boundary-cues.ts) not close to one.
 */
export function chapterStarts(turns: readonly ChapterTurn[], options: ChapterOptions = {}): number[] {
  const slideCuts = (options.slides ?? []).filter((s, i) => i > 0 && s.end - s.start >= MIN_SLIDE_SECONDS)
    .map((s) => turnAt(turns, s.start)).filter((t) => t > 0 && t < turns.length);
  const topicShift = options.topicShift ?? TOPIC_SHIFT_DEFAULTS;
  const bonus = topicShift.cueScale ? cueBonuses(BOUNDARY_CUES, turns, topicShift.cueScale) : undefined;
  const shifts = topicShifts(turns.map((t) => t.text), topicShift, bonus)
    .filter((t) => !slideCuts.some((c) => Math.abs(turns[c].start - turns[t].start) < SNAP_SECONDS));
  return [...new Set([...slideCuts, ...shifts])].sort((a, b) => a - b);
}

function overlap(a: { start: number; end: number }, b: { start: number; end: number }): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

function titleCase(text: string): string {
  const cut = text.length > MAX_TITLE ? text.slice(0, MAX_TITLE).replace(/\s+\S*$/, '') : text;
  return cut.charAt(0).toUpperCase() + cut.slice(1);
}

/** Sounds and slurs transcribed as words ("Mm-hmm", "Hhh", "Uh-huh", "Gonna"): never a title. */
const SOUND = /^(?:[mh]+|u+[hm]*|mm-?hmm|uh-?huh|um+|er+m?|ah+|oh+|hm+|ha+|h[ae]h+|gonna|wanna|gotta|yay|yep|nope|wow|whoa)$/i;
/** One- and two-letter words other than acronyms ("Bu", "Ri": cut-off words). */
const FRAGMENT = /^(?!\p{Lu}{2}$)\p{L}{1,2}$/u;

/** A key phrase of the chapter that no earlier chapter's title used, else its most used one. */
function phraseTitle(texts: readonly string[], used: Set<string>, excluded: ReadonlySet<string>): string {
  const phrases = keyphrases(texts, excluded).filter((p) => !p.text.split(/\s+/).some((w) => SOUND.test(w) || FRAGMENT.test(w)));
  // A title is a phrase said more than once, of words a listener knows (or an acronym such as "XML"):
  // cut-off words ("Ri-") and one-off mishearings are not.
  const sayable = phrases.filter((p) => p.sentences.length >= 2 && p.text.split(/\s+/).every((w) => frequencyRank(w) !== undefined || /^\p{Lu}{2,}$/u.test(w)));
  const fresh = sayable.find((p) => !used.has(p.lemmas.join(' '))) ?? sayable[0] ?? phrases[0];
  if (!fresh) return '';
  used.add(fresh.lemmas.join(' '));
  return titleCase(fresh.text);
}

/**
 * The meeting's chapters in order, covering every turn; none for a meeting without turns. A chapter's
 * title is its opening slide's title when one opened it, else a key phrase of its own ("Chapter N" when it has none).
 */
export function buildChapters(turns: readonly ChapterTurn[], options: ChapterOptions = {}): Chapter[] {
  if (turns.length === 0) return [];
  const starts = [0, ...chapterStarts(turns, options)];
  const used = new Set<string>();
  return starts.map((first, n) => {
    const last = (starts[n + 1] ?? turns.length) - 1;
    const own = turns.slice(first, last + 1);
    const span = { start: n === 0 ? 0 : own[0].start, end: starts[n + 1] === undefined ? own.at(-1)!.end : turns[last + 1].start };
    const slide = [...(options.slides ?? [])].sort((a, b) => overlap(b, span) - overlap(a, span))[0];
    const shown = slide && overlap(slide, span) > 0 ? slide : undefined;
    const opened = shown && Math.abs(shown.start - span.start) < SNAP_SECONDS && shown.title ? shown.title : '';
    const title = opened ? titleCase(opened) : phraseTitle(own.map((t) => t.text), used, options.excluded ?? new Set());
    return {
      title: title || `Chapter ${n + 1}`, start_time: span.start, end_time: span.end, turns: [first, last] as const,
      speakers: [...new Set(own.map((t) => t.speaker))],
      slide: shown ? { start_time: shown.start, end_time: shown.end, title: shown.title, thumbnail_key: shown.thumbnailKey } : null,
    };
  });
}
