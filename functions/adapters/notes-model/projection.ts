/**
 * Principal components of sentence embeddings (fitted on the training meetings' turns), so that the notes model's
 * small net reads a few dozen numbers per embedding rather than 512: the covariance of a seeded sample of the
 * vectors, then subspace iteration (deterministic: seeded start, Gram–Schmidt, components ordered by variance and
 * signed so that their largest coordinate is positive).
 */
import { seededRandom } from './classifier.js';

export interface Projection {
  readonly mean: number[];
  /** `k` components of `mean.length` numbers each. */
  readonly components: number[][];
}

function orthonormalise(q: Float64Array[]): void {
  for (let a = 0; a < q.length; a++) {
    for (let b = 0; b < a; b++) {
      let dot = 0;
      for (let j = 0; j < q[a]!.length; j++) dot += q[a]![j]! * q[b]![j]!;
      for (let j = 0; j < q[a]!.length; j++) q[a]![j] -= dot * q[b]![j]!;
    }
    let norm = 0;
    for (const x of q[a]!) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < q[a]!.length; j++) q[a]![j] /= norm;
  }
}

/** The `k` leading principal components of `vectors` (at most `sample` of them, chosen by a seeded draw). */
export function fitProjection(
  vectors: readonly ArrayLike<number>[], k: number, options: { sample?: number; iterations?: number; seed?: number } = {},
): Projection {
  const { sample = 12_000, iterations = 40, seed = 27 } = options;
  if (vectors.length === 0) throw new Error('fitProjection needs at least one vector.');
  const d = vectors[0]!.length;
  const random = seededRandom(seed);
  const chosen = vectors.length <= sample ? vectors : Array.from({ length: sample }, () => vectors[Math.floor(random() * vectors.length)]!);
  const mean = new Float64Array(d);
  for (const v of chosen) for (let j = 0; j < d; j++) mean[j] += v[j]! / chosen.length;
  const cov = new Float64Array(d * d);
  const c = new Float64Array(d);
  for (const v of chosen) {
    for (let j = 0; j < d; j++) c[j] = v[j]! - mean[j]!;
    for (let a = 0; a < d; a++) {
      const ca = c[a]!;
      if (ca === 0) continue;
      const row = a * d;
      for (let b = a; b < d; b++) cov[row + b] += ca * c[b]!;
    }
  }
  for (let a = 0; a < d; a++) for (let b = a; b < d; b++) { cov[a * d + b] /= chosen.length; cov[b * d + a] = cov[a * d + b]!; }

  const kk = Math.min(k, d);
  let q = Array.from({ length: kk }, () => Float64Array.from({ length: d }, () => random() - 0.5));
  orthonormalise(q);
  const times = (x: Float64Array) => {
    const out = new Float64Array(d);
    for (let a = 0; a < d; a++) { let s = 0; const row = a * d; for (let b = 0; b < d; b++) s += cov[row + b]! * x[b]!; out[a] = s; }
    return out;
  };
  for (let it = 0; it < iterations; it++) { q = q.map(times); orthonormalise(q); }
  const variance = q.map((x) => times(x).reduce((s, y, j) => s + y * x[j]!, 0));
  const order = q.map((_, i) => i).sort((a, b) => variance[b]! - variance[a]! || a - b);
  const components = order.map((i) => {
    const x = q[i]!;
    let at = 0;
    for (let j = 1; j < d; j++) if (Math.abs(x[j]!) > Math.abs(x[at]!)) at = j;
    const sign = x[at]! < 0 ? -1 : 1;
    return [...x].map((y) => Number((sign * y).toPrecision(4)));
  });
  return { mean: [...mean].map((y) => Number(y.toPrecision(4))), components };
}

/** Writes the projection of `vector` into `out` from `offset`. */
export function projectInto(p: Projection, vector: ArrayLike<number>, out: Float32Array, offset: number): void {
  const d = p.mean.length;
  p.components.forEach((component, i) => {
    let s = 0;
    for (let j = 0; j < d; j++) s += component[j]! * (vector[j]! - p.mean[j]!);
    out[offset + i] = s;
  });
}
