import { ALL_SUGGESTED, precisionByQuartile, suggestionCut, type ItemOutcome } from '../../../scripts/notes-model/suggestions.js';

const band = (confidence: number, n: number, right: number): ItemOutcome[] =>
  Array.from({ length: n }, (_, i) => ({ confidence, right: i < right }));

describe('where model items become suggestions', () => {
  it('cuts at the lowest score whose items at or over it are at least 40 % right', () => {
    // ≥ 0.99: 10/20; ≥ 0.97: 16/40 = 40 %; ≥ 0.9: 18/60 = 30 %.
    expect(suggestionCut([...band(0.99, 20, 10), ...band(0.97, 20, 6), ...band(0.9, 20, 2)])).toBe(0.97);
  });

  it('never cuts inside a run of equal scores', () => {
    // 0.95 × 20 with the right ones sorted first would pass 40 % part-way through the run; the whole run is 6/20 with 10/20 over it.
    expect(suggestionCut([...band(0.99, 20, 10), ...band(0.95, 20, 2)])).toBe(0.99);
  });

  it('makes every item a suggestion when no score reaches 40 %, and decides nothing on too few items', () => {
    expect(suggestionCut([...band(0.99, 20, 6), ...band(0.9, 20, 4)])).toBe(ALL_SUGGESTED);
    expect(suggestionCut(band(0.99, 9, 9))).toBeUndefined();
  });

  it('prints the precision of each quartile', () => {
    expect(precisionByQuartile([...band(0.9, 4, 1), ...band(0.97, 4, 4)])).toEqual([
      '0.900–0.900: 1/2 (50 %)', '0.900–0.900: 0/2 (0 %)', '0.970–0.970: 2/2 (100 %)', '0.970–0.970: 2/2 (100 %)',
    ]);
  });
});
