import { predictLogistic, roundedModel, seededRandom, trainLogistic } from '../../../functions/adapters/notes-model/classifier.js';

/** Points of two classes split by x0 + x1 > 1, with a third feature of pure noise. */
function synthetic(n: number, seed: number) {
  const random = seededRandom(seed);
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = [random() * 2, random() * 2, random()];
    rows.push(Float32Array.from(x));
    labels.push(x[0]! + x[1]! > 2 ? 1 : 0);
  }
  return { rows, labels };
}

describe('logistic regression of the notes model', () => {
  it('learns a linear rule well enough to classify new points', () => {
    const train = synthetic(400, 1);
    const test = synthetic(200, 2);
    const model = trainLogistic(train.rows, train.labels, { epochs: 40, learningRate: 0.05, l2: 0 });
    const right = test.rows.filter((row, i) => (predictLogistic(model, row) >= 0.5 ? 1 : 0) === test.labels[i]).length;
    expect(right / test.rows.length).toBeGreaterThan(0.9);
    // The noise feature weighs far less than the two that decide.
    expect(Math.abs(model.weights[2]!)).toBeLessThan(Math.abs(model.weights[0]!) / 3);
  });

  it('is deterministic: the same data and seed give the same weights, another seed other ones', () => {
    const { rows, labels } = synthetic(100, 3);
    const a = trainLogistic(rows, labels, { seed: 5 });
    const b = trainLogistic(rows, labels, { seed: 5 });
    const c = trainLogistic(rows, labels, { seed: 6 });
    expect(a).toEqual(b);
    expect(c.weights).not.toEqual(a.weights);
  });

  it('weights rare positives up so that they are still found', () => {
    const random = seededRandom(9);
    const rows = Array.from({ length: 500 }, (_, i) => Float32Array.from([i % 25 === 0 ? 1 + random() : random() - 0.5]));
    const labels = rows.map((r) => (r[0]! > 0.9 ? 1 : 0));
    const model = trainLogistic(rows, labels, { epochs: 30, learningRate: 0.05 });
    expect(rows.filter((r, i) => labels[i] && predictLogistic(model, r) >= 0.5).length).toBe(labels.filter(Boolean).length);
  });

  it('keeps its predictions when its numbers are rounded for the file', () => {
    const { rows, labels } = synthetic(200, 4);
    const model = trainLogistic(rows, labels);
    const small = roundedModel(model);
    for (const row of rows.slice(0, 20)) expect(predictLogistic(small, row)).toBeCloseTo(predictLogistic(model, row), 3);
  });

  it('refuses rows without labels', () => {
    expect(() => trainLogistic([], [])).toThrow('at least one row');
  });
});
