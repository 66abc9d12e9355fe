import { predictLogistic, seededRandom, trainLogistic } from '../../../functions/adapters/notes-model/classifier.js';
import { averagePrecision, predictMlp, roundedMlp, trainMlp } from '../../../functions/adapters/notes-model/mlp.js';

/** Points labelled by a rule no line can draw (inside a ring: 0.5 < |x| < 1), with a third feature of noise; 20 groups. */
function ring(n: number, seed: number) {
  const random = seededRandom(seed);
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  const groups: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = [random() * 3 - 1.5, random() * 3 - 1.5, random()];
    const r = Math.hypot(x[0]!, x[1]!);
    rows.push(Float32Array.from(x));
    labels.push(r > 0.5 && r < 1 ? 1 : 0);
    groups.push(i % 20);
  }
  return { rows, labels, groups };
}

describe('the small MLP of the notes model', () => {
  it('learns a rule a logistic regression cannot (a ring), well enough to rank new points', () => {
    const train = ring(1500, 1);
    const test = ring(500, 2);
    const model = trainMlp(train.rows, train.labels, train.groups, { hidden: 12, epochs: 100, learningRate: 0.03, negativeRate: 1, patience: 20 });
    const scores = test.rows.map((r) => predictMlp(model, r));
    expect(averagePrecision(scores, test.labels)).toBeGreaterThan(0.9);
    const right = scores.filter((p, i) => (p >= 0.5 ? 1 : 0) === test.labels[i]).length;
    expect(right / scores.length).toBeGreaterThan(0.9);
    // A logistic regression on the same points ranks them little better than chance (a quarter are positive).
    const linear = trainLogistic(train.rows, train.labels);
    expect(averagePrecision(test.rows.map((r) => predictLogistic(linear, r)), test.labels)).toBeLessThan(0.4);
  }, 60_000);

  it('is deterministic: the same data and seed give the same weights, another seed other ones', () => {
    const { rows, labels, groups } = ring(300, 3);
    const a = trainMlp(rows, labels, groups, { seed: 5, epochs: 5 });
    const b = trainMlp(rows, labels, groups, { seed: 5, epochs: 5 });
    const c = trainMlp(rows, labels, groups, { seed: 6, epochs: 5 });
    expect(a).toEqual(b);
    expect(c.w1).not.toEqual(a.w1);
  });

  it('keeps its predictions when its numbers are rounded for the file', () => {
    const { rows, labels, groups } = ring(300, 4);
    const model = trainMlp(rows, labels, groups, { epochs: 5 });
    const small = roundedMlp(model);
    for (const row of rows.slice(0, 20)) expect(predictMlp(small, row)).toBeCloseTo(predictMlp(model, row), 2);
  });

  it('refuses rows without labels or groups', () => {
    expect(() => trainMlp([], [], [])).toThrow('at least one row');
    expect(() => trainMlp([Float32Array.from([1])], [1], [])).toThrow('as many labels and groups');
  });

  it('measures average precision: 1 when every positive ranks first, lower when not', () => {
    expect(averagePrecision([0.9, 0.8, 0.1], [1, 1, 0])).toBe(1);
    expect(averagePrecision([0.9, 0.8, 0.1], [0, 1, 1])).toBeCloseTo((1 / 2 + 2 / 3) / 2, 10);
    expect(averagePrecision([0.5], [0])).toBe(0);
  });
});
