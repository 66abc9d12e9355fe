import { cueBonuses, cueLogOdds, turnFeatures, type CueWeights } from '../../../functions/core/chapters/boundary-cues.js';
import { topicShifts } from '../../../functions/core/chapters/topic-shifts.js';
import { contentWords } from '../../../functions/core/notes/text.js';

const GARDEN = 'The garden needs new soil, compost for the tomato beds, seeds for the carrots and a hose for watering the roses.';
const BUDGET = 'The budget for the quarter shows invoices unpaid, salaries rising, tax owed and the accountant wants receipts.';

describe('turnFeatures', () => {
  const turns = [
    { speaker: 'Chair', text: 'Good morning everyone, welcome to the weekly meeting about the garden.' },
    { speaker: 'Lee', text: 'Yeah.' },
    { speaker: 'Chair', text: "Okay, next item: the budget. Let's move on." },
  ];

  it("has the turn's opening words and pairs, its words, its length, the chair and a short turn before", () => {
    const [first, second, third] = turnFeatures(turns);
    expect(third.get('o:okay')).toBe(1);
    expect(third.get('o:next_item')).toBe(1);
    expect(third.get('t:move')).toBe(1);
    expect(third.get('chair')).toBe(1);
    expect(third.get('after_short')).toBe(1);
    expect(second.has('chair')).toBe(false);
    expect(first.has('after_short')).toBe(false);
    expect(first.get('len')).toBeCloseTo(Math.log(12) / 5);
  });

  it('scores a turn by its weights above the base rate; scale 0 gives no bonus', () => {
    const model: CueWeights = { bias: -5, prior: -5, weights: { 'o:next_item': 3, 'o:yeah': -1 } };
    const bonuses = cueBonuses(model, turns, 2);
    expect(cueLogOdds(model, turnFeatures(turns)[2])).toBe(-2);
    expect(bonuses).toEqual([0, -2, 6]);
    expect(cueBonuses(model, turns, 0)).toEqual([0, 0, 0]);
  });
});

describe('topicShifts with bonuses', () => {
  const texts = [...Array.from({ length: 60 }, () => GARDEN), ...Array.from({ length: 60 }, () => BUDGET)];
  const HALVES = { wordsPerChapter: texts.flatMap(contentWords).length / 2, minWords: 200, smoothing: 2 };

  it('cuts where the words change without one, and at a turn whose bonus outweighs the words', () => {
    expect(topicShifts(texts, HALVES)).toEqual([60]);
    const bonus = texts.map((_, i) => (i === 56 ? 1000 : 0));
    expect(topicShifts(texts, HALVES, bonus)).toEqual([56]);
    expect(topicShifts(texts, HALVES, texts.map(() => 0))).toEqual([60]);
  });
});
