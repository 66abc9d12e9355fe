import { createHash } from 'node:crypto';
import type { AdapterExample, AdapterTrainOptions, QuestionAdapter } from './adapter.js';
import { decodeAdapter, softmaxGradient, usefulExamples } from './adapter.js';

/**
 * A question adapter with far fewer numbers than the full d×d matrix (issue 29): W = diag(s) + U·Vᵀ, U and V d×r.
 * `rank` 0 with `diagonal` is a per-dimension scaling; `rank` r without `diagonal` is identity + a rank-r correction.
 * Trained by the full matrix's loss (adapter.ts): a softmax over the question's meeting's passages, full-batch Adam,
 * L2 pulling W's parts to the identity (s to 1, U and V to 0). Expanded to the full matrix for ranking, so the product
 * maps the question exactly as it does with a full adapter (one code path, `adaptQuestion`).
 */
export interface FactoredAdapter {
  readonly dimensions: number;
  readonly rank: number;
  /** The diagonal (length d; all 1 when not trained). */
  readonly scale: Float32Array;
  /** Row-major d×r each. */
  readonly u: Float32Array;
  readonly v: Float32Array;
}

export interface FactoredTrainOptions extends AdapterTrainOptions {
  /** Columns of U and V. @default 16 */
  readonly rank?: number;
  /** Whether the diagonal is trained (else fixed at 1). @default false */
  readonly diagonal?: boolean;
}

/** Deterministic pseudo-random numbers in [−1, 1) (a 32-bit LCG), so the same data give the same adapter. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

/**
 * Fits s, U, V by full-batch Adam from s = 1, U = 0 and V small and seeded (U = 0 makes W the identity at the start;
 * V ≠ 0 lets U move). Uses the examples with both a relevant and an irrelevant passage; throws when there is none.
 */
export function trainFactoredAdapter(examples: readonly AdapterExample[], dimensions: number, o: FactoredTrainOptions = {}): FactoredAdapter {
  const { steps = 60, learningRate = 0.002, l2 = 0.01, temperature = 0.05, rank = 16, diagonal = false } = o;
  const d = dimensions;
  const useful = usefulExamples(examples, d);
  // Parameters in one array: s (d), U (d×r), V (d×r); their identity values (the L2 target) beside them.
  const params = new Float64Array(d + 2 * d * rank);
  const target = new Float64Array(params.length);
  params.fill(1, 0, d);
  target.fill(1, 0, d);
  const random = seeded(29);
  for (let i = d + d * rank; i < params.length; i += 1) params[i] = random() / Math.sqrt(d);
  const uAt = d;
  const vAt = d + d * rank;
  const grad = new Float64Array(params.length);
  const m = new Float64Array(params.length);
  const second = new Float64Array(params.length);
  const a = new Float64Array(rank);
  const b = new Float64Array(rank);
  const mapped = new Float64Array(d);
  const gu = new Float64Array(d);
  for (let step = 1; step <= steps; step += 1) {
    grad.fill(0);
    for (const e of useful) {
      // a = Vᵀq; mapped = s⊙q + U a
      a.fill(0);
      for (let j = 0; j < d; j += 1) for (let k = 0; k < rank; k += 1) a[k] += params[vAt + j * rank + k] * e.q[j];
      for (let i = 0; i < d; i += 1) {
        let sum = params[i] * e.q[i];
        for (let k = 0; k < rank; k += 1) sum += params[uAt + i * rank + k] * a[k];
        mapped[i] = sum;
      }
      const g = softmaxGradient(e, mapped, d, temperature);
      gu.fill(0);
      for (let j = 0; j < e.n; j += 1) {
        if (g[j] === 0) continue;
        const row = j * d;
        for (let k = 0; k < d; k += 1) gu[k] += g[j] * e.p[row + k];
      }
      const n = useful.length;
      // b = Uᵀ gu
      b.fill(0);
      for (let i = 0; i < d; i += 1) for (let k = 0; k < rank; k += 1) b[k] += params[uAt + i * rank + k] * gu[i];
      for (let i = 0; i < d; i += 1) {
        if (diagonal) grad[i] += (gu[i] * e.q[i]) / n;
        for (let k = 0; k < rank; k += 1) {
          grad[uAt + i * rank + k] += (gu[i] * a[k]) / n;
          grad[vAt + i * rank + k] += (e.q[i] * b[k]) / n;
        }
      }
    }
    const c1 = 1 - 0.9 ** step;
    const c2 = 1 - 0.999 ** step;
    for (let i = diagonal ? 0 : d; i < params.length; i += 1) {
      const gi = grad[i] + l2 * (params[i] - target[i]);
      m[i] = 0.9 * m[i] + 0.1 * gi;
      second[i] = 0.999 * second[i] + 0.001 * gi * gi;
      params[i] -= (learningRate * (m[i] / c1)) / (Math.sqrt(second[i] / c2) + 1e-8);
    }
  }
  return { dimensions: d, rank, scale: Float32Array.from(params.subarray(0, d)), u: Float32Array.from(params.subarray(uAt, vAt)),
    v: Float32Array.from(params.subarray(vAt)) };
}

/** The full matrix W = diag(s) + U·Vᵀ (what `adaptQuestion` applies). */
export function expandFactored(f: FactoredAdapter, embedder?: string): QuestionAdapter {
  const { dimensions: d, rank: r } = f;
  const matrix = new Float32Array(d * d);
  for (let i = 0; i < d; i += 1) {
    for (let j = 0; j < d; j += 1) {
      let sum = i === j ? f.scale[i] : 0;
      for (let k = 0; k < r; k += 1) sum += f.u[i * r + k] * f.v[j * r + k];
      matrix[i * d + j] = sum;
    }
  }
  return { dimensions: d, matrix, ...(embedder ? { embedder } : {}) };
}

/** The factors as stored: s, U, V one after the other, little-endian float32. */
export function factoredBytes(f: FactoredAdapter): Buffer {
  const all = new Float32Array(f.scale.length + f.u.length + f.v.length);
  all.set(f.scale, 0);
  all.set(f.u, f.scale.length);
  all.set(f.v, f.scale.length + f.u.length);
  return Buffer.from(all.buffer);
}

/** The factors from their stored bytes (`factoredBytes`); throws when the size does not fit d and r. */
export function factoredFromBytes(bytes: Uint8Array, dimensions: number, rank: number): FactoredAdapter {
  const d = dimensions;
  if (bytes.byteLength !== (d + 2 * d * rank) * 4) throw new Error("Ask's question adapter has the wrong size.");
  const all = new Float32Array(d + 2 * d * rank);
  new Uint8Array(all.buffer).set(bytes);
  return { dimensions: d, rank, scale: all.slice(0, d), u: all.slice(d, d + d * rank), v: all.slice(d + d * rank) };
}

/**
 * The committed adapter (adapter-data.ts) as the matrix ranking applies: a full one as stored, a factored one (`rank`
 * given) expanded. Both checked against their SHA-256 first; throws when the bytes or their size are not the ones trained.
 */
export function decodeStoredAdapter(stored: { readonly dimensions: number; readonly sha256: string; readonly matrix: string;
  readonly embedder?: string; readonly rank?: number }): QuestionAdapter {
  if (stored.rank === undefined) return decodeAdapter(stored);
  const bytes = Buffer.from(stored.matrix, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== stored.sha256) throw new Error(`Ask's question adapter does not match its SHA-256 (${digest} ≠ ${stored.sha256}).`);
  return expandFactored(factoredFromBytes(bytes, stored.dimensions, stored.rank), stored.embedder);
}
