import { seededRandom } from '../../../functions/adapters/notes-model/classifier.js';
import { fitProjection, projectInto } from '../../../functions/adapters/notes-model/projection.js';

describe('principal components of the embeddings', () => {
  // Points spread mostly along (1, 1, 0) / √2, less along (0, 0, 1), barely along (1, −1, 0).
  const random = seededRandom(3);
  const points = Array.from({ length: 2000 }, () => {
    const a = (random() - 0.5) * 10, b = (random() - 0.5) * 3, c = (random() - 0.5) * 0.2;
    return Float32Array.from([5 + a / Math.SQRT2 + c / Math.SQRT2, -2 + a / Math.SQRT2 - c / Math.SQRT2, 1 + b]);
  });

  it('finds the directions of most spread, in order, signed so that the largest coordinate is positive', () => {
    const p = fitProjection(points, 2);
    expect(p.mean[0]).toBeCloseTo(5, 0);
    expect(p.mean[1]).toBeCloseTo(-2, 0);
    expect(p.components[0]![0]).toBeCloseTo(Math.SQRT1_2, 2);
    expect(p.components[0]![1]).toBeCloseTo(Math.SQRT1_2, 2);
    expect(Math.abs(p.components[0]![2]!)).toBeLessThan(0.02);
    expect(p.components[1]![2]).toBeCloseTo(1, 2);
  });

  it('is deterministic and projects a vector on the components after centring it', () => {
    expect(fitProjection(points, 2, { sample: 500 })).toEqual(fitProjection(points, 2, { sample: 500 }));
    const p = { mean: [1, 1, 0], components: [[1, 0, 0], [0, 0, 1]] };
    const out = new Float32Array(4);
    projectInto(p, [3, 7, -2], out, 1);
    expect([...out]).toEqual([0, 2, -2, 0]);
  });

  it('refuses an empty set', () => {
    expect(() => fitProjection([], 2)).toThrow('at least one vector');
  });
});
