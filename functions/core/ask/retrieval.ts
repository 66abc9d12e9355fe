import type { SentenceEmbedder } from '../embeddings/model.js';
import { adaptQuestion, adapts, type QuestionAdapter } from './adapter.js';
import { ASK_ADAPTER } from './adapter-data.js';
import { decodeStoredAdapter } from './factored-adapter.js';
import { FEEDBACK, feedbackTerms, type FeedbackOptions } from './feedback.js';
import { fuse, type FusedPassage, type FusionWeights } from './fusion.js';
import type { PassageIndex, ScoredPassage } from './model.js';
import { rankFeatures } from './rank-features.js';
import { ASK_RANK_MODEL } from './rank-model-data.js';
import { rankOrder, type LinearRanker } from './rank-model.js';
import { questionTerms, QUESTION_WORDS } from './terms.js';

/**
 * The committed question adapter (`npm run train:ask-adapter`, adapter-data.ts), decoded and checked against its SHA-256
 * with this module: once per container. null when training left it off.
 */
export const ADAPTER: QuestionAdapter | null = ASK_ADAPTER.enabled ? decodeStoredAdapter(ASK_ADAPTER) : null;

/**
 * Fusion weights and depth, chosen by `npm run eval:ask -- --direct` on QMSum's train meetings (docs/search.md,
 * "Ask"): BM25 weighted above the vectors; a quarter of the adjacent passages' scores added (train MRR 0.679 → 0.690).
 * With the adapter on, the weights chosen with it in cross-validation (`npm run train:ask-adapter`).
 */
export const FUSION: FusionWeights = ADAPTER ? ASK_ADAPTER.fusion : { words: 1, vectors: 0.4, k: 5, neighbours: 0.25 };
/** Passages taken from each ranking before fusion. */
export const CANDIDATES = 100;

/** The learned reranker and how many of the fused list's head it reorders. */
export interface Reranker { readonly ranker: LinearRanker; readonly depth: number }

/** The committed reranker (`npm run train:ask-rank`), loaded with this module: once per container. */
export const RERANKER: Reranker | null = ASK_RANK_MODEL.depth > 0 ? { ranker: ASK_RANK_MODEL.ranker, depth: ASK_RANK_MODEL.depth } : null;

export interface RetrievalPorts {
  readonly passages: Pick<PassageIndex, 'matchWords' | 'nearest'>;
  readonly embedder: Pick<SentenceEmbedder, 'embed' | 'name' | 'dimensions'>;
}

export interface Rankings {
  readonly words: readonly ScoredPassage[];
  readonly vectors: readonly ScoredPassage[];
  /** Both fused by reciprocal rank (fusion.ts). */
  readonly fused: readonly FusedPassage[];
  /** The product's ranking: the fused list with its head reordered by the reranker (the fused list without one). */
  readonly hybrid: readonly FusedPassage[];
  /** Whether the question's vector was mapped by the adapter (the vectors' cosines are then on the adapted scale). */
  readonly adapted: boolean;
}

export interface RetrievalOptions {
  readonly weights: FusionWeights;
  /** Passages taken from each ranking. */
  readonly depth: number;
  /** null: the fused list is the hybrid one. */
  readonly reranker: Reranker | null;
  /** Question words dropped before BM25 (terms.ts). */
  readonly questionWords: ReadonlySet<string>;
  /** The learned map on the question's vector (adapter.ts); null: the question's vector as embedded. */
  readonly adapter: QuestionAdapter | null;
  /** Pseudo-relevance feedback (feedback.ts): used when `weights.feedback` is above 0. */
  readonly feedback: FeedbackOptions;
}

export const RETRIEVAL: RetrievalOptions = { weights: FUSION, depth: CANDIDATES, reranker: RERANKER, questionWords: QUESTION_WORDS, adapter: ADAPTER,
  feedback: FEEDBACK };

/**
 * The question's passages in the given meetings: BM25 over its content words, cosine to its vector, both
 * fused, and the fused list reranked. Both rankings are filtered to `meetingIds` by the index itself.
 */
export async function rankPassages(
  ports: RetrievalPorts, question: string, meetingIds: readonly string[], options: Partial<RetrievalOptions> = {},
): Promise<Rankings> {
  const o = { ...RETRIEVAL, ...options };
  const adapted = adapts(o.adapter, ports.embedder);
  if (meetingIds.length === 0) return { words: [], vectors: [], fused: [], hybrid: [], adapted };
  const terms = questionTerms(question, o.questionWords);
  const [embedded] = await ports.embedder.embed([question]);
  const vector = adapted ? adaptQuestion(o.adapter!, embedded) : embedded;
  const [words, vectors] = await Promise.all([
    terms.length > 0 ? ports.passages.matchWords({ terms, meetingIds, limit: o.depth }) : Promise.resolve([]),
    ports.passages.nearest({ vector, meetingIds, limit: o.depth }),
  ]);
  const expansion = (o.weights.feedback ?? 0) > 0 ? feedbackTerms(terms, words, o.feedback) : [];
  const feedback = expansion.length > 0 ? await ports.passages.matchWords({ terms: [...terms, ...expansion], meetingIds, limit: o.depth }) : [];
  const fused = fuse(words, vectors, o.weights, feedback);
  return { words, vectors, fused, hybrid: o.reranker ? rerank(o.reranker, terms, { words, vectors, fused }) : fused, adapted };
}

/** The fused list with its first `depth` passages reordered by the reranker's scores; the rest follow unchanged. */
export function rerank(reranker: Reranker, terms: readonly string[], lists: Pick<Rankings, 'words' | 'vectors' | 'fused'>): FusedPassage[] {
  const head = lists.fused.slice(0, reranker.depth);
  const order = rankOrder(reranker.ranker, rankFeatures(terms, lists, head));
  return [...order.map((i) => head[i]), ...lists.fused.slice(reranker.depth)];
}
