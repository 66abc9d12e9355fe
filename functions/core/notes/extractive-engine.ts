import type { Sentence } from '../insights/transcript.js';
import { isActionItem } from './action-items.js';
import type { DraftPoint, NotesDraft, NotesEngine, NotesInput } from './model.js';
import { asSentence, contentWords } from './text.js';

export interface ExtractiveOptions {
  /** Summary length: this share of the (candidate) sentences, within [minPoints, maxPoints]. @default 0.2 */
  readonly ratio?: number;
  readonly minPoints?: number;
  readonly maxPoints?: number;
}

const MIN_CONTENT_WORDS = 4;
const DAMPING = 0.85;
const DUPLICATE_SIMILARITY = 0.7;

type Vector = Map<string, number>;

/**
 * The on-box notes engine. Summary: TextRank over TF-IDF cosine similarity between sentences (PageRank
 * power iteration, damping 0.85), the best-ranked sentences kept in meeting order, near-duplicates
 * dropped. Overview: the meeting's leading topics (highest summed TF-IDF) and its most central sentence.
 * Action items: sentences matching the commitment/request patterns of action-items.ts.
 */
export function createExtractiveNotesEngine(options: ExtractiveOptions = {}): NotesEngine {
  const ratio = options.ratio ?? 0.2;
  const minPoints = options.minPoints ?? 1;
  const maxPoints = options.maxPoints ?? 10;
  return {
    name: 'extractive',
    async draft({ sentences }: NotesInput): Promise<NotesDraft> {
      const candidates = sentences.filter((s) => contentWords(s.text).length >= MIN_CONTENT_WORDS);
      const pool = candidates.length > 0 ? candidates : [...sentences];
      const vectors = tfidf(pool.map((s) => s.text));
      const ranks = textRank(vectors);
      const order = pool.map((_, i) => i).sort((a, b) => ranks[b]! - ranks[a]! || a - b);
      const wanted = Math.max(minPoints, Math.min(maxPoints, Math.round(pool.length * ratio)));
      const chosen: number[] = [];
      for (const i of order) {
        if (chosen.length >= wanted) break;
        if (chosen.every((j) => cosine(vectors[i]!, vectors[j]!) < DUPLICATE_SIMILARITY)) chosen.push(i);
      }
      const summary = chosen.sort((a, b) => a - b).map((i) => point(pool[i]!));
      const actionItems = sentences.filter((s) => isActionItem(s.text)).map(point);
      return { overview: overview(sentences, vectors, order[0] === undefined ? undefined : pool[order[0]]), summary, actionItems };
    },
  };
}

const point = (s: Sentence): DraftPoint => ({ text: asSentence(s.text), start: s.start, end: s.end });

function overview(sentences: readonly Sentence[], vectors: Vector[], central: Sentence | undefined): string {
  if (!central) return 'Nothing was said in this recording.';
  const weights = new Map<string, number>();
  for (const v of vectors) for (const [term, w] of v) weights.set(term, (weights.get(term) ?? 0) + w);
  const topics = [...weights.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([t]) => t);
  const speakers = new Set(sentences.map((s) => s.speaker)).size;
  const lead = topics.length > 0
    ? `${speakers === 1 ? 'One speaker' : `${speakers} speakers`} discussed ${listing(topics)}.`
    : `${speakers === 1 ? 'One speaker' : `${speakers} speakers`} spoke.`;
  return `${lead} ${asSentence(central.text)}`;
}

const listing = (items: string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function tfidf(texts: string[]): Vector[] {
  const docs = texts.map(contentWords);
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
    const vector: Vector = new Map();
    for (const [term, count] of tf) vector.set(term, (1 + Math.log(count)) * Math.log(1 + docs.length / df.get(term)!));
    return vector;
  });
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [term, w] of a) dot += w * (b.get(term) ?? 0);
  const norm = (v: Vector) => Math.sqrt([...v.values()].reduce((s, w) => s + w * w, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/** PageRank over the similarity graph; isolated sentences keep the base rank. */
function textRank(vectors: Vector[]): number[] {
  const n = vectors.length;
  const sim = vectors.map((a, i) => vectors.map((b, j) => (i === j ? 0 : cosine(a, b))));
  const outSum = sim.map((row) => row.reduce((s, w) => s + w, 0));
  let rank = new Array<number>(n).fill(1 / Math.max(n, 1));
  for (let iteration = 0; iteration < 50; iteration++) {
    rank = rank.map((_, i) => (1 - DAMPING) / n + DAMPING * sim.reduce((s, row, j) => s + (outSum[j]! > 0 ? (row[i]! / outSum[j]!) * rank[j]! : 0), 0));
  }
  // Ties (e.g. no shared words at all) fall back to information content, so longer specific sentences win.
  return rank.map((r, i) => r + 1e-9 * vectors[i]!.size);
}
