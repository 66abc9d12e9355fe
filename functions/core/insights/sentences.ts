import type { Sentence, TimedWord, TranscriptTurn } from './transcript.js';

export interface SentenceOptions {
  /** A silence at least this long ends a sentence in a turn without punctuation. @default 0.6 */
  readonly pauseSeconds?: number;
  /** Sentences longer than this are cut at their longest pause, so an unpunctuated ramble still splits. @default 60 */
  readonly maxWords?: number;
}

const SENTENCE_END = /[.?!…]["'”’)\]]*$/;
const PUNCTUATION_ONLY = /^[\p{P}]+$/u;

/**
 * Splits speaker turns into sentences. A speaker change always ends a sentence. Within a turn that has
 * sentence-ending punctuation, punctuation decides; in a turn without any (a speech engine that gives
 * none), a pause of `pauseSeconds` or more does. Overlong sentences are cut at their longest inner pause.
 */
export function splitSentences(turns: readonly TranscriptTurn[], options: SentenceOptions = {}): Sentence[] {
  const pause = options.pauseSeconds ?? 0.6;
  const maxWords = options.maxWords ?? 60;
  const sentences: Sentence[] = [];
  for (const turn of turns) {
    const words = attachPunctuation(turn.words);
    const punctuated = words.some((w) => SENTENCE_END.test(w.text));
    let current: TimedWord[] = [];
    words.forEach((word, i) => {
      current.push(word);
      const next = words[i + 1];
      const ends = !next || (punctuated ? SENTENCE_END.test(word.text) : next.start - word.end >= pause);
      if (ends) {
        for (const piece of cutLong(current, maxWords)) sentences.push(toSentence(piece, turn.speaker));
        current = [];
      }
    });
  }
  return sentences;
}

/** Punctuation tokens join the word before them (they carry no time of their own). */
function attachPunctuation(words: readonly TimedWord[]): TimedWord[] {
  const out: TimedWord[] = [];
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    const previous = out[out.length - 1];
    if (PUNCTUATION_ONLY.test(text) && previous) out[out.length - 1] = { ...previous, text: previous.text + text };
    else if (!PUNCTUATION_ONLY.test(text)) out.push({ text, start: word.start, end: word.end });
  }
  return out;
}

function cutLong(words: TimedWord[], maxWords: number): TimedWord[][] {
  if (words.length <= maxWords) return [words];
  let cut = 1;
  let widest = -Infinity;
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.start - words[i - 1]!.end;
    // Prefer cuts near the middle when gaps tie, so both halves shrink.
    const score = gap - Math.abs(i - words.length / 2) * 1e-6;
    if (score > widest) { widest = score; cut = i; }
  }
  return [...cutLong(words.slice(0, cut), maxWords), ...cutLong(words.slice(cut), maxWords)];
}

function toSentence(words: TimedWord[], speaker: string): Sentence {
  return { text: words.map((w) => w.text).join(' '), start: words[0]!.start, end: words[words.length - 1]!.end, speaker };
}
