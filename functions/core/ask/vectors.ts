import { normalised, type SentenceEmbedder } from '../embeddings/model.js';
import type { IndexedPassage, PassageDoc } from './model.js';

/**
 * A speech passage's vector: the mean of its turns' vectors, made unit length. Turns are embedded once
 * each (a turn sits in two passages), and a mean of short texts kept each turn's topic where one
 * embedding of the whole window blurred them (docs/search.md, "Ask").
 */
export function meanVector(turnVectors: readonly Float32Array[], first: number, last: number): Float32Array {
  const sum = new Float32Array(turnVectors[first]?.length ?? 0);
  for (let i = first; i <= last; i += 1) turnVectors[i]?.forEach((v, j) => { sum[j] += v; });
  return normalised(sum);
}

/** Speech passages with their vectors from the turns' vectors (one per turn, in turn order). */
export function withTurnVectors(passages: readonly PassageDoc[], turnVectors: readonly Float32Array[]): IndexedPassage[] {
  return passages.map((p) => ({ ...p, vector: meanVector(turnVectors, p.firstTurn, p.lastTurn) }));
}

/** Embeds the turns' texts and gives the passages their vectors. */
export async function embedSpeechPassages(embedder: Pick<SentenceEmbedder, 'embed'>, turnTexts: readonly string[],
  passages: readonly PassageDoc[]): Promise<IndexedPassage[]> {
  return withTurnVectors(passages, await embedder.embed(turnTexts));
}

/** Slide passages embedded by their own text. */
export async function embedSlidePassages(embedder: Pick<SentenceEmbedder, 'embed'>, passages: readonly PassageDoc[]): Promise<IndexedPassage[]> {
  const vectors = await embedder.embed(passages.map((p) => p.lines.map((l) => l.text).join(' ')));
  return passages.map((p, i) => ({ ...p, vector: vectors[i] }));
}
