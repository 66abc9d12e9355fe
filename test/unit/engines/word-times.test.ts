import { alignMatches, measureWordTimes } from '../../../local/engines/word-times.js';

const word = (text: string, start: number, end: number) => ({ text, start, end, confidence: 1, speaker: 0 });

describe('word time accuracy against turn times', () => {
  it('aligns exact matches only', () => {
    expect(alignMatches(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e'])).toEqual([[0, 0], [2, 2], [3, 3]]);
  });

  it('counts words inside their turn and the mean boundary error', () => {
    const turns = [{ start: 0, end: 2, text: 'Hello there.' }, { start: 3, end: 5, text: 'General Kenobi!' }];
    const words = [word('Hello', 0.1, 0.9), word('there.', 1, 2), word('General', 2.1, 2.6), word('Kenobi!', 3.5, 5)];
    const accuracy = measureWordTimes(turns, words);
    expect(accuracy.matched).toBe(4);
    // 'General' has its middle at 2.35 s, before its turn (3 s) minus the 0.25 s tolerance.
    expect(accuracy.insideShare).toBe(0.75);
    // Turn 1: (0.1 + 0) / 2; turn 2: (0.9 + 0) / 2 → mean 0.25.
    expect(accuracy.meanBoundaryError).toBeCloseTo(0.25, 5);
  });
});
