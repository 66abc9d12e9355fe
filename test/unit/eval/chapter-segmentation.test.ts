import { evenBoundaries, pk, topicBoundaries, windowDiff } from '../../../scripts/eval-chapters/segmentation.js';

describe('chapter segmentation figures', () => {
  it('scores a segmentation equal to the reference 0 and one that misses every boundary above 0', () => {
    expect(pk(100, [25, 50, 75], [25, 50, 75])).toBe(0);
    expect(windowDiff(100, [25, 50, 75], [25, 50, 75])).toBe(0);
    expect(pk(100, [25, 50, 75], [])).toBeGreaterThan(0.4);
    expect(windowDiff(100, [25, 50, 75], [])).toBeGreaterThan(0.4);
  });

  it('counts a near miss less than a far one', () => {
    expect(pk(100, [50], [52])).toBeLessThan(pk(100, [50], [70]));
    expect(windowDiff(100, [50], [52])).toBeLessThan(windowDiff(100, [50], [70]));
  });

  it('spreads the baseline boundaries evenly', () => {
    expect(evenBoundaries(100, 3)).toEqual([25, 50, 75]);
    expect(evenBoundaries(10, 0)).toEqual([]);
  });

  it('reads QMSum topic spans as boundaries, gaps belonging to the topic before', () => {
    const topics = [
      { topic: 'a', relevant_text_span: [['2', '10']] as Array<[string, string]> },
      { topic: 'b', relevant_text_span: [['13', '20'], ['30', '35']] as Array<[string, string]> },
      { topic: 'c', relevant_text_span: [['21', '29']] as Array<[string, string]> },
    ];
    expect(topicBoundaries(40, topics)).toEqual([13, 21, 30]);
  });
});
