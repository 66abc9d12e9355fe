import { contentWords } from '../notes/text.js';
import { ASK_RANK_MODEL } from './rank-model-data.js';

/**
 * The words BM25 sees, on both sides: content words (no stop words, a light stem, one spelling), so
 * "decided" matches "decision"'s neighbour "decide" and "the" matches nothing. Questions also drop the
 * words that say what kind of answer is wanted ("summarize the discussion about…"), which every
 * passage could answer and none is about: a few written here, and those learned from training questions
 * (question-words.ts: words far more common in questions than in the meetings' passages; rank-model-data.ts).
 */
const ANSWER_KIND_WORDS = contentWords(
  'summarize summarise summary discuss discussed discussion discussions talk talked said say opinion opinions ' +
  'thought thoughts mention mentioned meeting group whole decide decided decision');

/** The words questions drop: the ones written above and the learned ones. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([...ANSWER_KIND_WORDS, ...ASK_RANK_MODEL.questionWords]);

/** Terms of a passage's text, repeats kept (BM25 counts them). */
export const passageTerms = (text: string): string[] => contentWords(text);

/** Distinct terms of a question, without `dropped` (by default the question words above). */
export const questionTerms = (question: string, dropped: ReadonlySet<string> = QUESTION_WORDS): string[] =>
  [...new Set(contentWords(question).filter((t) => !dropped.has(t)))];

/** The terms a question drops without the learned words (training learns them from these). */
export const BASE_QUESTION_WORDS: ReadonlySet<string> = new Set(ANSWER_KIND_WORDS);
