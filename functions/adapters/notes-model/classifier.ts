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

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function trainLogistic(rows: readonly Float32Array[], labels: readonly number[], options: TrainOptions = {}): LogisticModel {
  if (rows.length === 0 || rows.length !== labels.length) throw new Error('trainLogistic needs as many labels as rows, and at least one row.');
  const { epochs = 12, learningRate = 0.01, l2 = 1e-3, batch = 64, seed = 27 } = options;
  const d = rows[0]!.length;
  const positives = labels.filter((y) => y > 0.5).length;
  const positiveWeight = options.positiveWeight ?? Math.min(30, Math.max(1, (labels.length - positives) / Math.max(1, positives)));
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] += row[j]! / rows.length;
  for (const row of rows) for (let j = 0; j < d; j++) scale[j] += (row[j]! - mean[j]!) ** 2 / rows.length;
  for (let j = 0; j < d; j++) scale[j] = scale[j]! > 1e-12 ? 1 / Math.sqrt(scale[j]!) : 0;
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

/** A small MLP: standardised inputs, one hidden layer of rectified units, a sigmoid output. */
export interface MlpModel {
  readonly type: 'mlp';
  readonly mean: number[];
  readonly scale: number[];
  /** hidden × inputs, row by row. */
  readonly hidden: number[][];
  readonly hiddenBias: number[];
  readonly output: number[];
  readonly bias: number;
}

/**
 * Trains an MLP like trainLogistic (seeded shuffle and initial weights, Adam, L2, positives weighted up), with
 * `units` hidden units and dropout-free early stopping by a fixed epoch count.
 */
export function trainMlp(rows: readonly Float32Array[], labels: readonly number[], options: TrainOptions & { units?: number } = {}): MlpModel {
  if (rows.length === 0 || rows.length !== labels.length) throw new Error('trainMlp needs as many labels as rows, and at least one row.');
  const { epochs = 8, learningRate = 0.002, l2 = 1e-3, batch = 64, seed = 27, units = 16 } = options;
  const d = rows[0]!.length;
  const positives = labels.filter((y) => y > 0.5).length;
  const positiveWeight = options.positiveWeight ?? Math.min(30, Math.max(1, (labels.length - positives) / Math.max(1, positives)));
  const mean = new Float64Array(d);
  const scale = new Float64Array(d);
  for (const row of rows) for (let j = 0; j < d; j++) mean[j] += row[j]! / rows.length;
  for (const row of rows) for (let j = 0; j < d; j++) scale[j] += (row[j]! - mean[j]!) ** 2 / rows.length;
  for (let j = 0; j < d; j++) scale[j] = scale[j]! > 1e-12 ? 1 / Math.sqrt(scale[j]!) : 0;
  const x = rows.map((row) => Float32Array.from(row, (v, j) => (v - mean[j]!) * scale[j]!));

  const random = seededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  // Parameters in one vector: W1 (units × d), b1 (units), w2 (units), b2.
  const n = units * d + units + units + 1;
  const p = new Float64Array(n);
  for (let k = 0; k < units * d; k++) p[k] = gauss() * Math.sqrt(2 / d);
  for (let k = 0; k < units; k++) p[units * d + units + k] = gauss() * Math.sqrt(1 / units);
  const B1 = units * d, W2 = B1 + units, B2 = W2 + units;
  const m = new Float64Array(n), v = new Float64Array(n), g = new Float64Array(n);
  const h = new Float64Array(units);
  const beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  let step = 0;
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    for (let from = 0; from < order.length; from += batch) {
      g.fill(0);
      const to = Math.min(order.length, from + batch);
      let total = 0;
      for (let k = from; k < to; k++) {
        const i = order[k]!;
        const xi = x[i]!;
        let z = p[B2]!;
        for (let u = 0; u < units; u++) {
          let a = p[B1 + u]!;
          const base = u * d;
          for (let j = 0; j < d; j++) a += p[base + j]! * xi[j]!;
          h[u] = a > 0 ? a : 0;
          z += p[W2 + u]! * h[u]!;
        }
        const y = labels[i]! > 0.5 ? 1 : 0;
        const weight = y ? positiveWeight : 1;
        const error = (sigmoid(z) - y) * weight;
        total += weight;
        g[B2] += error;
        for (let u = 0; u < units; u++) {
          g[W2 + u] += error * h[u]!;
          if (h[u]! <= 0) continue;
          const back = error * p[W2 + u]!;
          g[B1 + u] += back;
          const base = u * d;
          for (let j = 0; j < d; j++) g[base + j] += back * xi[j]!;
        }
      }
      step++;
      const c1 = 1 - beta1 ** step, c2 = 1 - beta2 ** step;
      for (let k = 0; k < n; k++) {
        const gk = g[k]! / total + (k < B1 || (k >= W2 && k < B2) ? l2 * p[k]! : 0);
        m[k] = beta1 * m[k]! + (1 - beta1) * gk;
        v[k] = beta2 * v[k]! + (1 - beta2) * gk * gk;
        p[k] -= (learningRate * (m[k]! / c1)) / (Math.sqrt(v[k]! / c2) + eps);
      }
    }
  }
  return {
    type: 'mlp', mean: [...mean], scale: [...scale],
    hidden: Array.from({ length: units }, (_, u) => [...p.subarray(u * d, (u + 1) * d)]),
    hiddenBias: [...p.subarray(B1, W2)], output: [...p.subarray(W2, B2)], bias: p[B2]!,
  };
}

export function predictMlp(model: MlpModel, row: ArrayLike<number>): number {
  let z = model.bias;
  const d = model.mean.length;
  const x = new Float64Array(d);
  for (let j = 0; j < d; j++) x[j] = (row[j]! - model.mean[j]!) * model.scale[j]!;
  model.hidden.forEach((w, u) => {
    let a = model.hiddenBias[u]!;
    for (let j = 0; j < d; j++) a += w[j]! * x[j]!;
    if (a > 0) z += model.output[u]! * a;
  });
  return sigmoid(z);
}

export type Classifier = LogisticModel | MlpModel;
export const isMlp = (model: Classifier): model is MlpModel => (model as MlpModel).type === 'mlp';
export const predict = (model: Classifier, row: ArrayLike<number>): number => (isMlp(model) ? predictMlp(model, row) : predictLogistic(model, row));

export function roundedClassifier(model: Classifier, digits = 4): Classifier {
  if (!isMlp(model)) return roundedModel(model, digits);
  const r = (x: number) => Number(x.toPrecision(digits));
  return { ...model, mean: model.mean.map(r), scale: model.scale.map(r), hidden: model.hidden.map((w) => w.map(r)),
    hiddenBias: model.hiddenBias.map(r), output: model.output.map(r), bias: r(model.bias) };
}
