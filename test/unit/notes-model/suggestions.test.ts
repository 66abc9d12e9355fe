import { precisionByQuartile, suggestionCut, type ItemOutcome } from '../../../scripts/notes-model/suggestions.js';

const band = (confidence: number, n: number, right: number): ItemOutcome[] =>
  Array.from({ length: n }, (_, i) => ({ confidence, right: i < right }));

describe('where model items become suggestions', () => {
  it('cuts at the median when the lower half is at most half as precise as the upper', () => {
    expect(suggestionCut([...band(0.9, 20, 1), ...band(0.97, 20, 8)])).toBe(0.97);
  });

  it('falls back to the lower quartile when only it is much worse', () => {
    expect(suggestionCut([...band(0.9, 10, 0), ...band(0.93, 10, 4), ...band(0.96, 20, 7)])).toBe(0.93);
  });

  it('makes no suggestions when low scores are as precise as high ones, or there are too few items', () => {
    expect(suggestionCut([...band(0.9, 20, 6), ...band(0.97, 20, 6)])).toBeUndefined();
    expect(suggestionCut([...band(0.9, 4, 0), ...band(0.97, 4, 4)])).toBeUndefined();
  });

  it('prints the precision of each quartile', () => {
    expect(precisionByQuartile([...band(0.9, 4, 1), ...band(0.97, 4, 4)])).toEqual([
      '0.900–0.900: 1/2 (50 %)', '0.900–0.900: 0/2 (0 %)', '0.970–0.970: 2/2 (100 %)', '0.970–0.970: 2/2 (100 %)',
    ]);
  });
});
