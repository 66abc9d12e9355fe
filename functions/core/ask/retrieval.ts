import type { SentenceEmbedder } from '../embeddings/model.js';
import { fuse, type FusedPassage, type FusionWeights } from './fusion.js';
import type { PassageIndex, ScoredPassage } from './model.js';
import { questionTerms } from './terms.js';

/**
 * Fusion weights and depth, chosen by `npm run eval:ask -- --direct` on QMSum's train meetings (docs/search.md,
 * "Ask"): BM25 weighted above the vectors; a quarter of the adjacent passages' scores added (train MRR 0.679 → 0.690).
 */
export const FUSION: FusionWeights = { words: 1, vectors: 0.4, k: 5, neighbours: 0.25 };
/** Passages taken from each ranking before fusion. */
export const CANDIDATES = 100;

export interface RetrievalPorts {
  readonly passages: Pick<PassageIndex, 'matchWords' | 'nearest'>;
  readonly embedder: Pick<SentenceEmbedder, 'embed'>;
}

export interface Rankings {
  readonly words: readonly ScoredPassage[];
  readonly vectors: readonly ScoredPassage[];
  readonly hybrid: readonly FusedPassage[];
}

/**
 * The question's passages in the given meetings, three ways: BM25 over its content words, cosine to its
 * vector, and both fused. Both rankings are filtered to `meetingIds` by the index itself.
 */
export async function rankPassages(
  ports: RetrievalPorts, question: string, meetingIds: readonly string[], weights: FusionWeights = FUSION, depth = CANDIDATES,
): Promise<Rankings> {
  if (meetingIds.length === 0) return { words: [], vectors: [], hybrid: [] };
  const terms = questionTerms(question);
  const [vector] = await ports.embedder.embed([question]);
  const [words, vectors] = await Promise.all([
    terms.length > 0 ? ports.passages.matchWords({ terms, meetingIds, limit: depth }) : Promise.resolve([]),
    ports.passages.nearest({ vector, meetingIds, limit: depth }),
  ]);
  return { words, vectors, hybrid: fuse(words, vectors, weights) };
}
