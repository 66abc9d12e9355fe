/**
 * The learned reranker of Ask (issue 29): a linear score over a candidate's features (rank-features.ts),
 * standardised with the training set's means and spreads, trained listwise: for each question, a softmax over
 * its candidates is pulled towards its relevant ones (cross-entropy), with an L2 penalty. Training is full-batch
 * (Adam, a fixed number of steps, no sampling), so the same data always gives the same weights.
 */

export interface LinearRanker {
  readonly features: readonly string[];
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
}

/** One question's candidates: a feature row each and whether it is relevant. */
export interface RankGroup { readonly rows: ReadonlyArray<readonly number[]>; readonly relevant: readonly boolean[] }

export interface RankTrainOptions { readonly steps?: number; readonly learningRate?: number; readonly l2?: number }

/** The candidates' scores (higher first). */
export function scoreRows(model: LinearRanker, rows: ReadonlyArray<readonly number[]>): number[] {
  return rows.map((row) => row.reduce((s, v, j) => s + model.weights[j] * (v - model.mean[j]) * model.scale[j], 0));
}

/** Indexes of `rows` best first; ties keep the given order. */
export function rankOrder(model: LinearRanker, rows: ReadonlyArray<readonly number[]>): number[] {
  const scores = scoreRows(model, rows);
  return scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
}

/**
 * Fits the weights on the groups that have both a relevant and an irrelevant candidate (the others carry no
 * ranking signal). Throws when there is none.
 */
export function trainRanker(features: readonly string[], groups: readonly RankGroup[], o: RankTrainOptions = {}): LinearRanker {
  const { steps = 300, learningRate = 0.05, l2 = 1e-3 } = o;
  const useful = groups.filter((g) => g.relevant.some(Boolean) && g.relevant.some((r) => !r));
  if (useful.length === 0) throw new Error('trainRanker needs a question with relevant and irrelevant candidates.');
  const d = features.length;
  const all = useful.flatMap((g) => g.rows);
  if (all.some((r) => r.length !== d)) throw new Error(`every row needs ${d} features`);
  const mean = Array.from({ length: d }, (_, j) => all.reduce((s, r) => s + r[j], 0) / all.length);
  const scale = Array.from({ length: d }, (_, j) => {
    const variance = all.reduce((s, r) => s + (r[j] - mean[j]) ** 2, 0) / all.length;
    return variance > 1e-12 ? 1 / Math.sqrt(variance) : 0;
  });
  const x = useful.map((g) => g.rows.map((r) => r.map((v, j) => (v - mean[j]) * scale[j])));
  const w = new Float64Array(d);
  const m = new Float64Array(d);
  const v = new Float64Array(d);
  const beta1 = 0.9;
  const beta2 = 0.999;
  for (let step = 1; step <= steps; step += 1) {
    const grad = new Float64Array(d);
    useful.forEach((g, q) => {
      const s = x[q].map((row) => row.reduce((sum, value, j) => sum + w[j] * value, 0));
      const top = Math.max(...s);
      const e = s.map((z) => Math.exp(z - top));
      const z = e.reduce((a, b) => a + b, 0);
      const positives = g.relevant.filter(Boolean).length;
      x[q].forEach((row, i) => {
        const delta = e[i] / z - (g.relevant[i] ? 1 / positives : 0);
        for (let j = 0; j < d; j += 1) grad[j] += (delta * row[j]) / useful.length;
      });
    });
    for (let j = 0; j < d; j += 1) {
      const gj = grad[j] + l2 * w[j];
      m[j] = beta1 * m[j] + (1 - beta1) * gj;
      v[j] = beta2 * v[j] + (1 - beta2) * gj * gj;
      w[j] -= (learningRate * m[j] / (1 - beta1 ** step)) / (Math.sqrt(v[j] / (1 - beta2 ** step)) + 1e-8);
    }
  }
  const round = (n: number) => Math.round(n * 1e6) / 1e6;
  return { features: [...features], mean: mean.map(round), scale: scale.map(round), weights: [...w].map(round) };
}

interface Figures { readonly r1: number; readonly r5: number; readonly mrr: number; readonly questions: number }

/** The committed model (rank-model-data.ts): how it was made, its cross-validated figures, and what ranking reads. */
export interface RankModelFile {
  readonly command: string;
  readonly trainedAt: string;
  readonly data: { readonly meetings: number; readonly questions: number; readonly sha256: string };
  readonly crossValidated: { readonly folds: number; readonly fused: Figures; readonly reranked: Figures; readonly depth: number };
  /** How many of the fused list's first passages are reordered (0: the reranker is off, the fused list is the product's). */
  readonly depth: number;
  /** Question words learned from the training questions (question-words.ts), dropped before BM25. */
  readonly questionWords: readonly string[];
  readonly ranker: LinearRanker;
}
