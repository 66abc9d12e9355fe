/** TF-IDF sentence vectors, cosine similarity and TextRank (PageRank over the similarity graph). */
import { contentWords } from './text.js';

export type Vector = Map<string, number>;

export function tfidf(texts: readonly string[]): Vector[] {
  const docs = texts.map(contentWords);
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    const vector: Vector = new Map();
    for (const [term, count] of tf) vector.set(term, (1 + Math.log(count)) * Math.log(1 + docs.length / df.get(term)!));
    return normalise(vector);
  });
}

function normalise(v: Vector): Vector {
  const norm = Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
  if (norm > 0) for (const [k, w] of v) v.set(k, w / norm);
  return v;
}

/** Cosine of two unit vectors. */
export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, w] of small) dot += w * (large.get(term) ?? 0);
  return dot;
}

const DAMPING = 0.85;

/** PageRank (damping 0.85, 50 iterations) over the cosine graph; O(n²) memory for the edge list only. */
export function textRank(vectors: readonly Vector[]): number[] {
  const n = vectors.length;
  if (n === 0) return [];
  // Sparse edges through an inverted index: sentences that share no term have no edge.
  const postings = new Map<string, number[]>();
  vectors.forEach((v, i) => { for (const term of v.keys()) (postings.get(term) ?? postings.set(term, []).get(term)!).push(i); });
  const edges: Array<Map<number, number>> = vectors.map(() => new Map());
  vectors.forEach((v, i) => {
    const neighbours = new Set<number>();
    for (const term of v.keys()) for (const j of postings.get(term)!) if (j > i) neighbours.add(j);
    for (const j of neighbours) {
      const w = cosine(v, vectors[j]!);
      if (w > 0) { edges[i]!.set(j, w); edges[j]!.set(i, w); }
    }
  });
  const outSum = edges.map((e) => [...e.values()].reduce((s, w) => s + w, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < 50; iteration++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    edges.forEach((e, j) => { if (outSum[j]! > 0) for (const [i, w] of e) next[i]! += DAMPING * (w / outSum[j]!) * rank[j]!; });
    rank = next;
  }
  return rank;
}
