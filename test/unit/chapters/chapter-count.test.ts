import { chapterCount, COUNT_REFERENCE_WORDS, topicShifts } from '../../../functions/core/chapters/topic-shifts.js';

describe('chapterCount', () => {
  const linear = { wordsPerChapter: 500, countExponent: 1, minWords: 100, smoothing: 2 };
  const rooted = { ...linear, countExponent: 0.5 };

  it('gives one chapter under 1.5 chapters of content words, whatever the exponent', () => {
    expect(chapterCount(749, linear)).toBe(1);
    expect(chapterCount(749, rooted)).toBe(1);
    expect(chapterCount(750, linear)).toBe(2);
  });

  it('counts one chapter per wordsPerChapter with exponent 1 (and when the exponent is absent)', () => {
    expect(chapterCount(3000, linear)).toBe(6);
    expect(chapterCount(6000, linear)).toBe(12);
    expect(chapterCount(6000, { wordsPerChapter: 500, minWords: 100, smoothing: 2 })).toBe(12);
  });

  it('grows with the square root of the length with exponent 0.5: the same count at the reference length, fewer beyond', () => {
    expect(chapterCount(COUNT_REFERENCE_WORDS, rooted)).toBe(chapterCount(COUNT_REFERENCE_WORDS, linear));
    expect(chapterCount(8000, rooted)).toBe(8); // (2000 / 500) × √4
    expect(chapterCount(8000, linear)).toBe(16);
    expect(chapterCount(800, rooted)).toBe(3); // 4 × √0.4 = 2.5, rounded
  });

  it('never makes more chapters than minWords allows, and at least 2 above the threshold', () => {
    expect(chapterCount(3000, { ...linear, minWords: 1000 })).toBe(3);
    expect(chapterCount(760, { ...rooted, wordsPerChapter: 500, countExponent: 0 })).toBe(4);
    expect(chapterCount(760, { ...rooted, wordsPerChapter: 4000 / 3, countExponent: 0.1 })).toBe(1);
  });
});

describe('topicShifts with a small least chapter', () => {
  const A = 'garden soil compost tomato carrots roses hose seeds';
  const B = 'budget invoices salaries receipts accountant quarter ledger';
  const C = 'holiday flights hotel beaches luggage passport museum';

  it('finds a short topic between two long ones when the least chapter allows it, and not when it does not', () => {
    const repeat = (text: string, times: number) => Array.from<string>({ length: times }).fill(text);
    const texts = [...repeat(A, 30), ...repeat(B, 4), ...repeat(C, 30)];
    const options = { wordsPerChapter: 90, countExponent: 1, minWords: 20, smoothing: 2 };
    const three = { ...options, wordsPerChapter: (8 * 60 + 7 * 4) / 3 };
    expect(topicShifts(texts, three)).toEqual([30, 34]);
    // 4 turns of 7 words cannot be a chapter of 100: the short topic goes into a neighbouring one.
    const coarse = topicShifts(texts, { ...three, minWords: 100 });
    expect(coarse).toHaveLength(2);
    expect(coarse).not.toEqual([30, 34]);
  });
});
