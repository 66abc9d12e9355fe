import { contentWords } from '../notes/text.js';

/**
 * Question words that carry no content, learned from a set of questions and the passages they are asked of:
 * a term in at least `minShare` of the questions that is at least `ratio` times more common among questions
 * than among passages ("summarize", "opinion", "reason" ask for a kind of answer; "price" or "remote" are
 * what a question is about and are as common in the meetings). Uses no relevance labels.
 */
export interface QuestionWordRule { readonly minShare: number; readonly ratio: number }

export const QUESTION_WORD_RULE: QuestionWordRule = { minShare: 0.02, ratio: 5 };

const documentShare = (texts: readonly string[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const text of texts) for (const t of new Set(contentWords(text))) counts.set(t, (counts.get(t) ?? 0) + 1);
  return new Map([...counts].map(([t, n]) => [t, n / Math.max(1, texts.length)]));
};

/** The learned words, most question-like first. */
export function learnQuestionWords(questions: readonly string[], passages: readonly string[], rule: QuestionWordRule = QUESTION_WORD_RULE): string[] {
  const inQuestions = documentShare(questions);
  const inPassages = documentShare(passages);
  const floor = 1 / Math.max(1, passages.length);
  return [...inQuestions]
    .filter(([, share]) => share >= rule.minShare)
    .map(([t, share]) => ({ t, lift: share / Math.max(floor, inPassages.get(t) ?? 0) }))
    .filter((x) => x.lift >= rule.ratio)
    .sort((a, b) => b.lift - a.lift || a.t.localeCompare(b.t))
    .map((x) => x.t);
}
