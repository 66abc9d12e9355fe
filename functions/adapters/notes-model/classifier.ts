/**
 * A binary logistic regression, written out so that training is deterministic (a seeded shuffle, Adam, L2):
 * inputs are standardised with the training set's means and spreads, positives weighted up to balance rare
 * labels. Small enough to keep as JSON beside the engine.
 */

export interface LogisticModel {
  readonly mean: number[];
  readonly scale: number[];
  readonly weights: number[];
  readonly bias: number;
}

export interface TrainOptions {
  readonly epochs?: number;
  readonly learningRate?: number;
  readonly l2?: number;
  /** Weight of a positive example; default: negatives / positives, at most 30. */
  readonly positiveWeight?: number;
  readonly batch?: number;
  readonly seed?: number;
}

/** mulberry32: a small seeded generator, so a training run repeats exactly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** The default weight of a positive example: negatives / positives, between 1 and 30. */
export function balancingWeight(labels: readonly number[]): number {
  const positives = labels.filter((y) => y > 0.5).length;
  return Math.min(30, Math.max(1, (labels.length - positives) / Math.max(1, positives)));
}

/** Each column's mean and 1 / spread over `rows` (0 for a constant column): inputs are standardised as (x − mean) × scale. */
export function standardisation(rows: readonly ArrayLike<number>[], d: number): { mean: Float64Array; scale: Float64Array } {
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] += row[j]! / rows.length;
  for (const row of rows) for (let j = 0; j < d; j++) scale[j] += (row[j]! - mean[j]!) ** 2 / rows.length;
  for (let j = 0; j < d; j++) scale[j] = scale[j]! > 1e-12 ? 1 / Math.sqrt(scale[j]!) : 0;
  return { mean, scale };
}

export function trainLogistic(rows: readonly Float32Array[], labels: readonly number[], options: TrainOptions = {}): LogisticModel {
  if (rows.length === 0 || rows.length !== labels.length) throw new Error('trainLogistic needs as many labels as rows, and at least one row.');
  const { epochs = 12, learningRate = 0.01, l2 = 1e-3, batch = 64, seed = 27 } = options;
  const d = rows[0]!.length;
  const positiveWeight = options.positiveWeight ?? balancingWeight(labels);
  const { mean, scale } = standardisation(rows, d);
  const x = rows.map((row) => Float64Array.from(row, (v, j) => (v - mean[j]!) * scale[j]!));

  const w = new Float64Array(d);
  let b = 0;
  const m = new Float64Array(d + 1);
  const v = new Float64Array(d + 1);
  const grad = new Float64Array(d + 1);
  const beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  let step = 0;
  const random = seededRandom(seed);
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let from = 0; from < order.length; from += batch) {
      grad.fill(0);
      const to = Math.min(order.length, from + batch);
      let total = 0;
      for (let k = from; k < to; k++) {
        const i = order[k]!;
        const xi = x[i]!;
        let z = b;
        for (let j = 0; j < d; j++) z += w[j]! * xi[j]!;
        const y = labels[i]! > 0.5 ? 1 : 0;
        const weight = y ? positiveWeight : 1;
        const error = (sigmoid(z) - y) * weight;
        total += weight;
        for (let j = 0; j < d; j++) grad[j] += error * xi[j]!;
        grad[d] += error;
      }
      step++;
      for (let j = 0; j <= d; j++) {
        const g = grad[j]! / total + (j < d ? l2 * w[j]! : 0);
        m[j] = beta1 * m[j]! + (1 - beta1) * g;
        v[j] = beta2 * v[j]! + (1 - beta2) * g * g;
        const update = (learningRate * (m[j]! / (1 - beta1 ** step))) / (Math.sqrt(v[j]! / (1 - beta2 ** step)) + eps);
        if (j < d) w[j] -= update; else b -= update;
      }
    }
  }
  return { mean: [...mean], scale: [...scale], weights: [...w], bias: b };
}

/** The probability of the label for one row. */
export function predictLogistic(model: LogisticModel, row: ArrayLike<number>): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) z += model.weights[j]! * (row[j]! - model.mean[j]!) * model.scale[j]!;
  return sigmoid(z);
}

/** The model with its numbers rounded to `digits` significant digits (a smaller file, the same predictions to ~1e-4). */
export function roundedModel(model: LogisticModel, digits = 4): LogisticModel {
  const r = (x: number) => Number(x.toPrecision(digits));
  return { mean: model.mean.map(r), scale: model.scale.map(r), weights: model.weights.map(r), bias: r(model.bias) };
}

