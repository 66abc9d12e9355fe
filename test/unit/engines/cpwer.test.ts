import { cpWordErrors } from '../../../local/engines/cpwer.js';

const words = (text: string) => text.split(' ').filter(Boolean);
const speakers = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([k, v]) => [k, words(v)]));

describe('cpWER', () => {
  it('is zero when the speakers and their words match, whatever the labels are called', () => {
    expect(cpWordErrors(speakers({ A: 'hello there', B: 'good morning all' }), speakers({ spk_1: 'good morning all', spk_0: 'hello there' })))
      .toEqual({ substitutions: 0, deletions: 0, insertions: 0, referenceWords: 5 });
  });

  it('counts a word given to the wrong speaker twice (deleted from one, inserted in the other)', () => {
    const c = cpWordErrors(speakers({ A: 'a b c d', B: 'e f' }), speakers({ x: 'a b c', y: 'd e f' }));
    expect(c.deletions + c.insertions + c.substitutions).toBe(2);
    expect(c.referenceWords).toBe(6);
  });

  it('scores a missing speaker as deletions and an extra one as insertions', () => {
    expect(cpWordErrors(speakers({ A: 'a b', B: 'c d e' }), speakers({ x: 'a b c d e' })).deletions).toBeGreaterThanOrEqual(2);
    expect(cpWordErrors(speakers({ A: 'a b' }), speakers({ x: 'a b', y: 'z z z' }))).toEqual({ substitutions: 0, deletions: 0, insertions: 3, referenceWords: 2 });
  });

  it('picks the best of all assignments, not the greedy one', () => {
    // Greedy (A takes its cheapest, x) would leave B with y at 3 errors; the best gives A y and B x.
    const c = cpWordErrors(speakers({ A: 'p q r', B: 'p q r s t u' }), speakers({ x: 'p q r s t', y: 'p q' }));
    expect(c.substitutions + c.deletions + c.insertions).toBe(2);
  });
});
