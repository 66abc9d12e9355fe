import { contentWords } from '../notes/text.js';

/**
 * The words BM25 sees, on both sides: content words (no stop words, a light stem, one spelling), so
 * "decided" matches "decision"'s neighbour "decide" and "the" matches nothing. Questions also drop the
 * words that say what kind of answer is wanted ("summarize the discussion about…"), which every
 * passage could answer and none is about.
 */
const QUESTION_WORDS = new Set(contentWords(
  'summarize summarise summary discuss discussed discussion discussions talk talked said say opinion opinions ' +
  'thought thoughts mention mentioned meeting group whole decide decided decision'));

/** Terms of a passage's text, repeats kept (BM25 counts them). */
export const passageTerms = (text: string): string[] => contentWords(text);

/** Distinct terms of a question. */
export const questionTerms = (question: string): string[] =>
  [...new Set(contentWords(question).filter((t) => !QUESTION_WORDS.has(t)))];
