import { createHash } from 'node:crypto';
import { normalised } from '../embeddings/model.js';

/**
 * A learned linear map on the question's sentence vector (issue 29): the passages' vectors stay as indexed, and the
 * question's vector W·q is what they are compared with. Since p·(W q) = (Wᵀp)·q, mapping the question alone is as
 * general as mapping both sides for ranking, and nothing needs re-indexing. Trained contrastively (`trainAdapter`): for
 * each training question, a softmax over its meeting's passages (score p·W q / temperature) is pulled towards the
 * passages overlapping its evidence, with an L2 penalty keeping W near the identity (the unadapted vectors).
 */
export interface QuestionAdapter {
  readonly dimensions: number;
  /** Row-major d×d: adapted = W q. */
  readonly matrix: Float32Array;
  /** The sentence embedder whose vectors it was trained on (its `name`); another embedder's questions are not mapped. */
  readonly embedder?: string;
}

/** The question's vector mapped by the adapter, unit length (as the passage index expects). */
export function adaptQuestion(adapter: QuestionAdapter, question: Float32Array): Float32Array {
  const d = adapter.dimensions;
  if (question.length !== d) throw new RangeError(`the adapter maps ${d}-dimension vectors, not ${question.length}`);
  const out = new Float32Array(d);
  const w = adapter.matrix;
  for (let i = 0; i < d; i += 1) {
    let sum = 0;
    const row = i * d;
    for (let j = 0; j < d; j += 1) sum += w[row + j] * question[j];
    out[i] = sum;
  }
  return normalised(out);
}

/** The identity map (the unadapted question vector). */
export function identityAdapter(dimensions: number): QuestionAdapter {
  const matrix = new Float32Array(dimensions * dimensions);
  for (let i = 0; i < dimensions; i += 1) matrix[i * dimensions + i] = 1;
  return { dimensions, matrix };
}

/** One training question: its vector, the vectors of the passages it is ranked among (its meeting's) and which are relevant. */
export interface AdapterExample {
  readonly question: Float32Array;
  readonly passages: readonly Float32Array[];
  readonly relevant: readonly boolean[];
}

export interface AdapterTrainOptions {
  /** Full-batch Adam steps. @default 60 */
  readonly steps?: number;
  /** @default 0.002 */
  readonly learningRate?: number;
  /** Weight of ½‖W − I‖² (per example, averaged). @default 0.01 */
  readonly l2?: number;
  /** Softmax temperature on the dot products. @default 0.05 */
  readonly temperature?: number;
}

/** A training question packed for the loss: its vector, its passages' vectors one after the other, their count. */
export interface Packed { readonly q: Float64Array; readonly p: Float64Array; readonly n: number; readonly relevant: readonly boolean[] }

/** The examples that have both a relevant and an irrelevant passage, packed; throws when there is none. */
export function usefulExamples(examples: readonly AdapterExample[], d: number): Packed[] {
  const useful = examples.filter((e) => e.relevant.some(Boolean) && e.relevant.some((r) => !r)).map((e) => {
    const p = new Float64Array(e.passages.length * d);
    e.passages.forEach((v, i) => p.set(v, i * d));
    return { q: Float64Array.from(e.question), p, n: e.passages.length, relevant: e.relevant };
  });
  if (useful.length === 0) throw new Error('trainAdapter needs a question with relevant and irrelevant passages.');
  return useful;
}

/**
 * Fits W from the identity by full-batch Adam (no sampling: the same examples give the same matrix) on the examples that
 * have both a relevant and an irrelevant passage. Throws when there is none.
 */
export function trainAdapter(examples: readonly AdapterExample[], dimensions: number, o: AdapterTrainOptions = {}): QuestionAdapter {
  const { steps = 60, learningRate = 0.002, l2 = 0.01, temperature = 0.05 } = o;
  const d = dimensions;
  const useful = usefulExamples(examples, d);
  const w = new Float64Array(d * d);
  for (let i = 0; i < d; i += 1) w[i * d + i] = 1;
  const m = new Float64Array(d * d);
  const v = new Float64Array(d * d);
  const grad = new Float64Array(d * d);
  const u = new Float64Array(d);
  const gu = new Float64Array(d);
  for (let step = 1; step <= steps; step += 1) {
    grad.fill(0);
    for (const e of useful) {
      matVec(w, e.q, u, d);
      const g = softmaxGradient(e, u, d, temperature);
      gu.fill(0);
      for (let j = 0; j < e.n; j += 1) {
        if (g[j] === 0) continue;
        const row = j * d;
        for (let k = 0; k < d; k += 1) gu[k] += g[j] * e.p[row + k];
      }
      for (let i = 0; i < d; i += 1) {
        const gi = gu[i] / useful.length;
        if (gi === 0) continue;
        const row = i * d;
        for (let k = 0; k < d; k += 1) grad[row + k] += gi * e.q[k];
      }
    }
    adamStep(w, grad, m, v, { step, learningRate, l2, d });
  }
  return { dimensions: d, matrix: Float32Array.from(w) };
}

function matVec(w: Float64Array, q: Float64Array, out: Float64Array, d: number) {
  for (let i = 0; i < d; i += 1) {
    let sum = 0;
    const row = i * d;
    for (let k = 0; k < d; k += 1) sum += w[row + k] * q[k];
    out[i] = sum;
  }
}

/** d(loss)/d(score_j) / temperature for loss = −log Σ_relevant softmax_j (scores p_j·u / temperature). */
export function softmaxGradient(e: Packed, u: Float64Array, d: number, temperature: number): Float64Array {
  const s = new Float64Array(e.n);
  let top = -Infinity;
  for (let j = 0; j < e.n; j += 1) {
    let dotP = 0;
    const row = j * d;
    for (let k = 0; k < d; k += 1) dotP += e.p[row + k] * u[k];
    s[j] = dotP / temperature;
    if (s[j] > top) top = s[j];
  }
  let all = 0;
  let relevant = 0;
  for (let j = 0; j < e.n; j += 1) {
    s[j] = Math.exp(s[j] - top);
    all += s[j];
    if (e.relevant[j]) relevant += s[j];
  }
  for (let j = 0; j < e.n; j += 1) s[j] = (s[j] / all - (e.relevant[j] ? s[j] / relevant : 0)) / temperature;
  return s;
}

function adamStep(w: Float64Array, grad: Float64Array, m: Float64Array, v: Float64Array,
  o: { step: number; learningRate: number; l2: number; d: number }) {
  const beta1 = 0.9;
  const beta2 = 0.999;
  const c1 = 1 - beta1 ** o.step;
  const c2 = 1 - beta2 ** o.step;
  for (let idx = 0; idx < w.length; idx += 1) {
    const identity = idx % (o.d + 1) === 0 ? 1 : 0;
    const g = grad[idx] + o.l2 * (w[idx] - identity);
    m[idx] = beta1 * m[idx] + (1 - beta1) * g;
    v[idx] = beta2 * v[idx] + (1 - beta2) * g * g;
    w[idx] -= (o.learningRate * (m[idx] / c1)) / (Math.sqrt(v[idx] / c2) + 1e-8);
  }
}

/** The matrix as stored: little-endian float32, base64. */
export const encodeAdapter = (a: QuestionAdapter): string =>
  Buffer.from(a.matrix.buffer, a.matrix.byteOffset, a.matrix.byteLength).toString('base64');

/** SHA-256 (hex) of the stored matrix's bytes. */
export const adapterDigest = (base64: string): string => createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');

/** The stored matrix, checked against its SHA-256; throws when the bytes or their size are not the ones trained. */
export function decodeAdapter(stored: { readonly dimensions: number; readonly sha256: string; readonly matrix: string; readonly embedder?: string }):
  QuestionAdapter {
  const bytes = Buffer.from(stored.matrix, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== stored.sha256) throw new Error(`Ask's question adapter does not match its SHA-256 (${digest} ≠ ${stored.sha256}).`);
  if (bytes.byteLength !== stored.dimensions * stored.dimensions * 4) throw new Error("Ask's question adapter has the wrong size.");
  const matrix = new Float32Array(stored.dimensions * stored.dimensions);
  new Uint8Array(matrix.buffer).set(bytes);
  return { dimensions: stored.dimensions, matrix, ...(stored.embedder ? { embedder: stored.embedder } : {}) };
}

/** Whether the adapter maps this embedder's vectors (an adapter without `embedder` maps any of its dimensions). */
export const adapts = (adapter: QuestionAdapter | null, embedder: { readonly name: string; readonly dimensions: number }): adapter is QuestionAdapter =>
  adapter !== null && adapter.dimensions === embedder.dimensions && (adapter.embedder === undefined || adapter.embedder === embedder.name);

interface Figures { readonly r1: number; readonly r5: number; readonly mrr: number; readonly questions: number }

/** The committed adapter (adapter-data.ts): how it was made, its cross-validated figures, and what ranking reads. */
export interface AdapterFile {
  readonly command: string;
  readonly trainedAt: string;
  readonly data: { readonly meetings: number; readonly questions: number; readonly sha256: string };
  readonly training: AdapterTrainOptions & { readonly rank?: number; readonly diagonal?: boolean };
  readonly crossValidated: { readonly folds: number; readonly vectors: Figures; readonly adapted: Figures; readonly words: Figures;
    readonly hybridUnadapted: Figures; readonly hybrid: Figures };
  /**
   * Whether ranking maps questions: only when the adapted vectors beat the unadapted ones alone in cross-validation (MRR by
   * MIN_GAIN or more) and the hybrid with the chosen fusion is not worse than today's.
   */
  readonly enabled: boolean;
  /** The fusion weights chosen with the adapted vectors (retrieval.ts, when enabled). */
  readonly fusion: { readonly words: number; readonly vectors: number; readonly k: number; readonly neighbours: number };
  /** Below this adapted cosine between the question and its nearest passage, nothing answers (ask.ts). */
  readonly answerThreshold: number;
  /** The sentence embedder it maps the vectors of (`SentenceEmbedder.name`). */
  readonly embedder: string;
  readonly dimensions: number;
  /** Present when the adapter is factored (core/ask/factored-adapter.ts): `matrix` then holds s, U and V, not W. */
  readonly rank?: number;
  readonly sha256: string;
  readonly matrix: string;
}
