import { fuse } from '../../../functions/core/ask/fusion.js';
import type { PassageDoc, ScoredPassage } from '../../../functions/core/ask/model.js';
import { learnQuestionWords } from '../../../functions/core/ask/question-words.js';
import { RANK_FEATURES, rankFeatures } from '../../../functions/core/ask/rank-features.js';
import { rankOrder, scoreRows, trainRanker, type RankGroup } from '../../../functions/core/ask/rank-model.js';
import { rerank } from '../../../functions/core/ask/retrieval.js';
import { questionTerms } from '../../../functions/core/ask/terms.js';

const passage = (position: number, lines: Array<[string, string]>): PassageDoc => ({
  meetingId: 'm', kind: 'speech', position, firstTurn: position * 2, lastTurn: position * 2 + 1, start: 0, end: 1,
  lines: lines.map(([speaker, text]) => ({ speaker, text, start: 0, end: 1 })),
});
const feature = (row: number[], name: (typeof RANK_FEATURES)[number]) => row[RANK_FEATURES.indexOf(name)];

describe('rankFeatures', () => {
  const price = passage(0, [['Dana', 'The vendor quoted a price of ten dollars.'], ['Lee', 'Fine.']]);
  const vendor = passage(1, [['Lee', 'The vendor was late again.'], ['Lee', 'Remember lunch tomorrow, dinner Friday, breakfast Saturday, coffee Sunday, tea Monday, cake Tuesday, soup Wednesday, ' +
    'bread Thursday, apples, oranges, pears, plums, grapes, melons, lemons; then check the price list.']]);
  const other = passage(2, [['Lee', 'Lunch is at noon.']]);
  const words: ScoredPassage[] = [{ passage: price, score: 8 }, { passage: vendor, score: 4 }];
  const vectors: ScoredPassage[] = [{ passage: vendor, score: 0.6 }, { passage: other, score: 0.5 }, { passage: price, score: 0.4 }];
  const fused = fuse(words, vectors, { words: 1, vectors: 0.4, k: 5 });
  const rows = rankFeatures(questionTerms('What did Dana say about the vendor price?'), { words, vectors, fused }, fused);
  const rowOf = (p: PassageDoc) => rows[fused.findIndex((f) => f.passage === p)];

  it('gives one row of every feature per candidate, scores normalised within the question', () => {
    expect(rows).toHaveLength(3);
    rows.forEach((r) => expect(r).toHaveLength(RANK_FEATURES.length));
    expect(feature(rowOf(price), 'words')).toBe(1);
    expect(feature(rowOf(vendor), 'words')).toBe(0.5);
    expect(feature(rowOf(other), 'inWords')).toBe(0);
    expect(feature(rowOf(vendor), 'cosineGap')).toBeCloseTo(0);
    expect(feature(rowOf(price), 'cosineGap')).toBeCloseTo(-0.2);
    expect(feature(rowOf(fused[0].passage), 'fused')).toBe(1);
  });

  it('measures the question terms a passage, its best line and a short run of words share, and lines by a named speaker', () => {
    expect(feature(rowOf(price), 'coverage')).toBeCloseTo(feature(rowOf(vendor), 'coverage'));
    expect(feature(rowOf(price), 'lineCoverage')).toBeGreaterThan(feature(rowOf(vendor), 'lineCoverage'));
    expect(feature(rowOf(price), 'proximity')).toBeGreaterThan(feature(rowOf(vendor), 'proximity'));
    expect(feature(rowOf(other), 'coverage')).toBe(0);
    expect(feature(rowOf(price), 'speaker')).toBe(0.5);
    expect(feature(rowOf(vendor), 'speaker')).toBe(0);
  });
});

describe('trainRanker', () => {
  // Feature 0 says which candidate is relevant; feature 1 is noise.
  const groups: RankGroup[] = Array.from({ length: 20 }, (_, q) => ({
    rows: [[0, (q * 7) % 5], [1, (q * 3) % 5], [0, (q * 11) % 5], [0.2, q % 5]],
    relevant: [false, true, false, false],
  }));

  it('learns to put the relevant candidate first, the same weights every run', () => {
    const model = trainRanker(['signal', 'noise'], groups);

    expect(model.weights[0]).toBeGreaterThan(Math.abs(model.weights[1]) * 5);
    expect(trainRanker(['signal', 'noise'], groups)).toEqual(model);
    expect(rankOrder(model, [[0, 4], [0.2, 0], [1, 1]])).toEqual([2, 1, 0]);
  });

  it('ignores questions without both relevant and irrelevant candidates and refuses to train on none', () => {
    const model = trainRanker(['signal', 'noise'], [...groups, { rows: [[5, 5]], relevant: [true] }]);
    expect(model.mean[0]).toBeCloseTo(0.3);
    expect(() => trainRanker(['signal', 'noise'], [{ rows: [[1, 1]], relevant: [true] }])).toThrow(/relevant and irrelevant/);
  });
});

describe('rerank', () => {
  it('reorders the head of the fused list by the model and keeps the rest in order', () => {
    const docs = [0, 1, 2, 3].map((i) => passage(i, [['A', `line ${i}`]]));
    const words: ScoredPassage[] = docs.map((p, i) => ({ passage: p, score: 10 - i }));
    const fused = fuse(words, [], { words: 1, vectors: 0, k: 5 });
    // A model that prefers a lower BM25 score: the head (3 passages) comes back reversed, the fourth stays last.
    const ranker = { features: [...RANK_FEATURES], mean: RANK_FEATURES.map(() => 0), scale: RANK_FEATURES.map(() => 1),
      weights: RANK_FEATURES.map((f) => (f === 'words' ? -1 : 0)) };

    const order = rerank({ ranker, depth: 3 }, ['line'], { words, vectors: [], fused }).map((f) => f.passage.position);

    expect(order).toEqual([2, 1, 0, 3]);
    expect(scoreRows(ranker, [[...RANK_FEATURES.map(() => 0)]])).toEqual([0]);
  });
});

describe('learnQuestionWords', () => {
  it('keeps the words far more common in questions than in passages, not the topics both share', () => {
    const questions = ['Summarize the discussion about the price', 'Summarize what the vendor said', 'What was the price?', 'Summarize the plan'];
    const passages = ['The price is ten.', 'Our vendor is late.', 'The price went up.', 'A plan for the price.', 'Nothing here.', 'The vendor again.'];

    expect(learnQuestionWords(questions, passages, { minShare: 0.5, ratio: 3 })).toEqual(['summariz']);
  });
});
