/**
 * Sentence embeddings, as use cases see them: unit-length vectors (cosine similarity is their dot
 * product), one per input text, in input order. The on-box implementation is the Universal Sentence
 * Encoder Lite (adapters/embeddings/use-lite.ts); tests may pass any deterministic one.
 */
export interface SentenceEmbedder {
  readonly name: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Dot product of two vectors of the same length (cosine similarity for unit vectors). */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i] * b[i];
  return sum;
}

/** The vector scaled to unit length (a zero vector stays zero). */
export function normalised(vector: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i += 1) norm += vector[i] * vector[i];
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return Float32Array.from(vector, (value) => value * scale);
}
