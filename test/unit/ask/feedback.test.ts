import { feedbackTerms } from '../../../functions/core/ask/feedback.js';
import { fuse } from '../../../functions/core/ask/fusion.js';
import type { PassageDoc, ScoredPassage } from '../../../functions/core/ask/model.js';

const passage = (position: number, ...texts: string[]): PassageDoc => ({
  meetingId: 'm', kind: 'speech', position, firstTurn: position, lastTurn: position, start: 0, end: 1,
  lines: texts.map((text) => ({ speaker: 'Vendor', text, start: 0, end: 1 })),
});
const hits = (...passages: PassageDoc[]): ScoredPassage[] => passages.map((p, i) => ({ passage: p, score: 10 - i }));

describe('feedbackTerms', () => {
  const words = hits(
    passage(0, 'The price of the remote is twelve euros.', 'Twelve euros for the battery too.'),
    passage(1, 'A remote at twelve euros sells.', 'The battery costs more.'),
    passage(2, 'Lunch is at noon, twelve sharp.'),
    passage(3, 'The battery battery battery again.'),
  );

  it('adds the terms most shared by the first passages, not the question\'s own nor speakers\' names', () => {
    const terms = feedbackTerms(['price'], words, { passages: 3, terms: 3, minPassages: 2 });
    // "twelve" is in all three; "euros", "remote" and "battery" in two, "euros" and "battery" twice each there.
    expect(terms[0]).toMatch(/^twelv/);
    expect(terms.slice(1).map((t) => t.slice(0, 4)).sort()).toEqual(['batt', 'euro']);
    expect(terms).not.toContain('price');
    expect(terms).not.toContain('vendor');
    expect(terms.length).toBe(3);
  });

  it('reads only the first `passages` and keeps terms found in at least `minPassages` of them', () => {
    const terms = feedbackTerms([], words, { passages: 2, terms: 10, minPassages: 2 });
    expect(terms.some((t) => t.startsWith('lunch'))).toBe(false);
    expect(feedbackTerms([], words, { passages: 1, terms: 10, minPassages: 2 })).toEqual([]);
  });
});

describe('fuse with a feedback ranking', () => {
  const [a, b, c] = [passage(0, 'a'), passage(5, 'b'), passage(10, 'c')];
  it('adds the third ranking by its weight, and ignores it at weight 0', () => {
    const words = hits(a, b);
    const vectors = hits(a, b);
    const feedback = hits(c, b);
    expect(fuse(words, vectors, { words: 1, vectors: 1, k: 5 }, feedback).map((f) => f.passage.position)).toEqual([0, 5]);
    expect(fuse(words, vectors, { words: 1, vectors: 1, k: 5, feedback: 10 }, feedback).map((f) => f.passage.position)).toEqual([5, 10, 0]);
    const fused = fuse(words, vectors, { words: 1, vectors: 1, k: 5, feedback: 10 }, feedback);
    expect(fused[0].words).toBe(9);
    expect(fused[1].words).toBeUndefined();
  });
});
