/**
 * A small multi-layer perceptron (one hidden layer of tanh units, a sigmoid output) for the notes model, written out
 * so that training is deterministic: seeded initial weights and shuffles, Adam, L2, positives weighted up, a seeded
 * sample of the negatives each epoch, and early stopping on a seeded share of the training meetings (the epoch with
 * the best average precision there), after which the net is trained again on every training meeting for that many
 * epochs.
 */
import { balancingWeight, seededRandom, sigmoid, standardisation } from './classifier.js';

export interface MlpModel {
  readonly mean: number[];
  readonly scale: number[];
  /** Hidden weights, `hidden` rows of `inputs` numbers, row after row. */
  readonly w1: number[];
  readonly b1: number[];
  readonly w2: number[];
  readonly b2: number;
}

export interface MlpOptions {
  readonly hidden?: number;
  /** At most this many epochs. */
  readonly epochs?: number;
  readonly learningRate?: number;
  readonly l2?: number;
  readonly batch?: number;
  readonly seed?: number;
  /** Weight of a positive example; default: negatives / positives, at most 30. */
  readonly positiveWeight?: number;
  /** Share of the negatives seen each epoch (a fresh seeded sample; each weighted by its inverse). */
  readonly negativeRate?: number;
  /** Epochs without a better validation score before stopping. */
  readonly patience?: number;
  /** Share of the groups (meetings) held out for early stopping. */
  readonly validation?: number;
}


/** Average precision of scores against 0/1 labels (the area under the precision–recall steps). */
export function averagePrecision(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const positives = order.reduce((n, i) => n + (labels[i]! > 0.5 ? 1 : 0), 0);
  if (positives === 0) return 0;
  let hits = 0, sum = 0;
  order.forEach((i, k) => { if (labels[i]! > 0.5) { hits++; sum += hits / (k + 1); } });
  return sum / positives;
}

interface Standardised { readonly x: Float32Array; readonly d: number; readonly n: number }

function standardise(rows: readonly ArrayLike<number>[], mean: Float64Array, scale: Float64Array): Standardised {
  const d = mean.length, n = rows.length;
  const x = new Float32Array(n * d);
  rows.forEach((row, i) => { for (let j = 0; j < d; j++) x[i * d + j] = (row[j]! - mean[j]!) * scale[j]!; });
  return { x, d, n };
}

/** One training run of `epochs` epochs over rows `train`; calls `after(epoch, net)` after each, stopping when it returns false. */
function run(
  data: Standardised, labels: readonly number[], train: readonly number[], epochs: number,
  o: Required<Omit<MlpOptions, 'positiveWeight'>> & { positiveWeight: number },
  after: (epoch: number, net: { w1: Float64Array; b1: Float64Array; w2: Float64Array; b2: number }) => boolean,
) {
  const { d, x } = data;
  const h = o.hidden;
  const random = seededRandom(o.seed);
  const a1 = Math.sqrt(6 / (d + h)), a2 = Math.sqrt(6 / (h + 1));
  const w1 = Float64Array.from({ length: h * d }, () => (random() * 2 - 1) * a1);
  const b1 = new Float64Array(h);
  const w2 = Float64Array.from({ length: h }, () => (random() * 2 - 1) * a2);
  const net = { w1, b1, w2, b2: 0 };
  const size = h * d + h + h + 1;
  const m = new Float64Array(size), v = new Float64Array(size), g = new Float64Array(size);
  const hidden = new Float64Array(h);
  const beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  let step = 0;
  const positives = train.filter((i) => labels[i]! > 0.5);
  const negatives = train.filter((i) => labels[i]! <= 0.5);
  for (let epoch = 1; epoch <= epochs; epoch++) {
    const order = [...positives, ...negatives.filter(() => random() < o.negativeRate)];
    for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    for (let from = 0; from < order.length; from += o.batch) {
      g.fill(0);
      let total = 0;
      const to = Math.min(order.length, from + o.batch);
      for (let k = from; k < to; k++) {
        const r = order[k]!;
        const off = r * d;
        let z = net.b2;
        for (let u = 0; u < h; u++) {
          let s = b1[u]!;
          const wo = u * d;
          for (let j = 0; j < d; j++) s += w1[wo + j]! * x[off + j]!;
          hidden[u] = Math.tanh(s);
          z += w2[u]! * hidden[u]!;
        }
        const y = labels[r]! > 0.5 ? 1 : 0;
        const weight = y ? o.positiveWeight : 1 / o.negativeRate;
        const dz = (sigmoid(z) - y) * weight;
        total += weight;
        for (let u = 0; u < h; u++) {
          g[h * d + h + u] += dz * hidden[u]!;
          const dh = dz * w2[u]! * (1 - hidden[u]! * hidden[u]!);
          if (dh === 0) continue;
          const wo = u * d;
          for (let j = 0; j < d; j++) g[wo + j] += dh * x[off + j]!;
          g[h * d + u] += dh;
        }
        g[size - 1] += dz;
      }
      step++;
      const c1 = 1 - beta1 ** step, c2 = 1 - beta2 ** step;
      for (let p = 0; p < size; p++) {
        const param = p < h * d ? w1[p]! : p < h * d + h ? b1[p - h * d]! : p < size - 1 ? w2[p - h * d - h]! : net.b2;
        const grad = g[p]! / total + (p < h * d || (p >= h * d + h && p < size - 1) ? o.l2 * param : 0);
        m[p] = beta1 * m[p]! + (1 - beta1) * grad;
        v[p] = beta2 * v[p]! + (1 - beta2) * grad * grad;
        const update = (o.learningRate * (m[p]! / c1)) / (Math.sqrt(v[p]! / c2) + eps);
        if (p < h * d) w1[p] -= update;
        else if (p < h * d + h) b1[p - h * d] -= update;
        else if (p < size - 1) w2[p - h * d - h] -= update;
        else net.b2 -= update;
      }
    }
    if (!after(epoch, net)) break;
  }
  return net;
}

type Weights = { w1: ArrayLike<number>; b1: ArrayLike<number>; w2: ArrayLike<number>; b2: number };

function forward(net: Weights, x: ArrayLike<number>, off: number, d: number): number {
  let z = net.b2;
  for (let u = 0; u < net.b1.length; u++) {
    let s = net.b1[u]!;
    const wo = u * d;
    for (let j = 0; j < d; j++) s += net.w1[wo + j]! * x[off + j]!;
    z += net.w2[u]! * Math.tanh(s);
  }
  return sigmoid(z);
}

/**
 * Trains the net on `rows` with 0/1 `labels`; `groups` (one per row, e.g. the meeting) decide which rows are held out
 * for early stopping, so that no meeting is on both sides.
 */
export function trainMlp(
  rows: readonly ArrayLike<number>[], labels: readonly number[], groups: readonly number[], options: MlpOptions = {},
): MlpModel {
  if (rows.length === 0 || rows.length !== labels.length || groups.length !== rows.length) {
    throw new Error('trainMlp needs as many labels and groups as rows, and at least one row.');
  }
  const o = {
    hidden: 16, epochs: 30, learningRate: 0.002, l2: 1e-4, batch: 64, seed: 27, negativeRate: 0.25, patience: 3, validation: 0.15, ...options,
    positiveWeight: options.positiveWeight ?? balancingWeight(labels),
  };
  const d = rows[0]!.length;
  const { mean, scale } = standardisation(rows, d);
  const data = standardise(rows, mean, scale);

  const ids = [...new Set(groups)].sort((a, b) => a - b);
  const random = seededRandom(o.seed + 1);
  for (let i = ids.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [ids[i], ids[j]] = [ids[j]!, ids[i]!]; }
  const held = new Set(ids.slice(0, Math.round(ids.length * o.validation)));
  const all = rows.map((_, i) => i);
  let epochs = o.epochs;
  if (held.size > 0 && held.size < ids.length) {
    const fit = all.filter((i) => !held.has(groups[i]!));
    const check = all.filter((i) => held.has(groups[i]!));
    const checkLabels = check.map((i) => labels[i]!);
    let best = -1, bestEpoch = 1;
    run(data, labels, fit, o.epochs, o, (epoch, net) => {
      const ap = averagePrecision(check.map((i) => forward(net, data.x, i * d, d)), checkLabels);
      if (ap > best + 1e-6) { best = ap; bestEpoch = epoch; }
      return epoch - bestEpoch < o.patience;
    });
    epochs = bestEpoch;
  }
  const net = run(data, labels, all, epochs, o, () => true);
  return { mean: [...mean], scale: [...scale], w1: [...net.w1], b1: [...net.b1], w2: [...net.w2], b2: net.b2 };
}

/** The probability of the label for one row. */
export function predictMlp(model: MlpModel, row: ArrayLike<number>): number {
  const d = model.mean.length;
  const x = new Float64Array(d);
  for (let j = 0; j < d; j++) x[j] = (row[j]! - model.mean[j]!) * model.scale[j]!;
  return forward(model, x, 0, d);
}

/** The net with its numbers rounded to `digits` significant digits (a smaller file, the same predictions to ~1e-3). */
export function roundedMlp(model: MlpModel, digits = 4): MlpModel {
  const r = (x: number) => Number(x.toPrecision(digits));
  return { mean: model.mean.map(r), scale: model.scale.map(r), w1: model.w1.map(r), b1: model.b1.map(r), w2: model.w2.map(r), b2: r(model.b2) };
}
