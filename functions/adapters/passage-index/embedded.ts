import path from 'node:path';
import MiniSearch, { type BM25Params } from 'minisearch';
import type { IndexedPassage, PassageDoc, PassageIndex, PassageKind, ScoredPassage, VectorQuery, WordQuery } from '../../core/ask/model.js';
import { passageText } from '../../core/ask/model.js';
import { passageTerms } from '../../core/ask/terms.js';
import { KeyedQueue, readJson, removeFile, writeJsonAtomic } from '../search-index/files.js';
import { topK } from './top-k.js';

/** A meeting's passages on disk: documents without vectors, and each kind's vectors as base64 float32 rows. */
interface PassagesFile { readonly passages: readonly PassageDoc[]; readonly vectors: string; readonly dimensions: number }

/** A meeting's passages in memory: documents, their vectors in one row-major Float32Array, their ids in the word index. */
interface MeetingPassages { readonly docs: readonly PassageDoc[]; readonly vectors: Float32Array; readonly dimensions: number; readonly firstId: number }

/** BM25 parameters of the passage index: MiniSearch's defaults (k1 1.2, b 0.7, d 0.5). */
export const PASSAGE_BM25: BM25Params = { k: 1.2, b: 0.7, d: 0.5 };

const split = (text: string): string[] => (text ? text.split(' ') : []);
const keep = (term: string) => term;
const open = new Map<string, EmbeddedPassageIndex>();

/** The embedded passage index persisted under `dir`: one instance per directory and process (as the search index). */
export function openEmbeddedPassageIndex(dir: string, bm25?: BM25Params): PassageIndex {
  const key = path.resolve(dir);
  let index = open.get(key);
  if (!index) open.set(key, (index = new EmbeddedPassageIndex(key, bm25)));
  return index;
}

/**
 * Passages behind the PassageIndex port, in the local edition: one file per meeting under `dir`
 * (written atomically), loaded on first use. Words go into one shared MiniSearch index (BM25, terms as
 * core/ask/terms.ts gives them); a query skips other meetings' passages through `boostDocument` (0)
 * before scoring. Vectors stay beside, one Float32Array per meeting; `nearest` scans only the asked
 * meetings' rows.
 */
export class EmbeddedPassageIndex implements PassageIndex {
  private readonly words: MiniSearch<{ id: number; text: string }>;
  private readonly meetings = new Map<string, Promise<MeetingPassages>>();
  /** Meeting and position of every word-index id ever given (undefined once replaced). */
  private readonly owners: Array<{ meetingId: string; position: number } | undefined> = [];
  private readonly writes = new KeyedQueue();

  /** `bm25`: MiniSearch's BM25+ parameters (k1, b, d); the default is the one eval:ask chose (docs/search.md, "Ask"). */
  constructor(private readonly dir: string, bm25: BM25Params = PASSAGE_BM25) {
    this.words = new MiniSearch<{ id: number; text: string }>({
      fields: ['text'], storeFields: [], tokenize: split, processTerm: keep,
      searchOptions: { prefix: false, fuzzy: false, combineWith: 'OR', tokenize: split, processTerm: keep, bm25 },
    });
  }

  replacePassages(meetingId: string, kind: PassageKind, passages: readonly IndexedPassage[]): Promise<void> {
    return this.writes.run(meetingId, async () => {
      const current = await this.load(meetingId);
      const kept = current.docs.flatMap((doc, i) => (doc.kind === kind ? [] : [{ ...doc, vector: row(current, i) }]));
      const all = [...kept, ...passages].map((p) => ({ ...p, meetingId }));
      const dimensions = all[0]?.vector.length ?? current.dimensions;
      const vectors = new Float32Array(all.length * dimensions);
      all.forEach((p, i) => vectors.set(p.vector, i * dimensions));
      const docs = all.map(({ vector: _vector, ...doc }) => doc);
      await writeJsonAtomic(this.file(meetingId), { passages: docs, vectors: Buffer.from(vectors.buffer).toString('base64'),
        dimensions } satisfies PassagesFile);
      this.forget(current);
      this.meetings.set(meetingId, Promise.resolve(this.add(meetingId, docs, vectors, dimensions)));
    });
  }

  removePassages(meetingId: string): Promise<void> {
    return this.writes.run(meetingId, async () => {
      this.forget(await this.load(meetingId));
      this.meetings.set(meetingId, Promise.resolve(this.add(meetingId, [], new Float32Array(0), 0)));
      await removeFile(this.file(meetingId));
    });
  }

  async matchWords({ terms, meetingIds, limit }: WordQuery): Promise<ScoredPassage[]> {
    if (terms.length === 0 || meetingIds.length === 0) return [];
    const loaded = await this.loadAll(meetingIds);
    const wanted = (id: unknown) => (loaded.has(this.owners[id as number]?.meetingId ?? '') ? 1 : 0);
    return topK(this.words.search(terms.join(' '), { boostDocument: wanted }).map((r) => ({ item: r.id as number, score: r.score })), limit)
      .map(({ item, score }) => {
        const owner = this.owners[item]!;
        return { passage: loaded.get(owner.meetingId)!.docs[owner.position], score };
      });
  }

  async nearest({ vector, meetingIds, limit }: VectorQuery): Promise<ScoredPassage[]> {
    const loaded = await this.loadAll(meetingIds);
    const scored = function* () {
      for (const m of loaded.values()) {
        if (m.dimensions !== vector.length) continue;
        for (let i = 0; i < m.docs.length; i += 1) yield { item: m.docs[i], score: dotAt(m.vectors, i * m.dimensions, vector) };
      }
    };
    return topK(scored(), limit).map(({ item, score }) => ({ passage: item, score }));
  }

  private async loadAll(meetingIds: readonly string[]): Promise<Map<string, MeetingPassages>> {
    const ids = [...new Set(meetingIds)];
    const loaded = await Promise.all(ids.map((id) => this.load(id)));
    return new Map(ids.map((id, i) => [id, loaded[i]]));
  }

  private load(meetingId: string): Promise<MeetingPassages> {
    let loaded = this.meetings.get(meetingId);
    if (!loaded) {
      loaded = readJson<PassagesFile>(this.file(meetingId)).then((file) => {
        const bytes = Buffer.from(file?.vectors ?? '', 'base64');
        const vectors = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
        return this.add(meetingId, file?.passages ?? [], vectors, file?.dimensions ?? 0);
      });
      loaded.catch(() => this.meetings.delete(meetingId));
      this.meetings.set(meetingId, loaded);
    }
    return loaded;
  }

  private add(meetingId: string, docs: readonly PassageDoc[], vectors: Float32Array, dimensions: number): MeetingPassages {
    const firstId = this.owners.length;
    docs.forEach((_, position) => this.owners.push({ meetingId, position }));
    this.words.addAll(docs.map((doc, i) => ({ id: firstId + i, text: passageTerms(passageText(doc)).join(' ') })));
    return { docs, vectors, dimensions, firstId };
  }

  private forget(m: MeetingPassages): void {
    const ids = m.docs.map((_, i) => m.firstId + i);
    for (const id of ids) this.owners[id] = undefined;
    if (ids.length > 0) this.words.discardAll(ids);
  }

  private file(meetingId: string): string { return path.join(this.dir, 'passages', `${encodeURIComponent(meetingId)}.json`); }
}

const row = (m: MeetingPassages, i: number): Float32Array => m.vectors.slice(i * m.dimensions, (i + 1) * m.dimensions);

function dotAt(rows: Float32Array, offset: number, vector: Float32Array): number {
  let sum = 0;
  for (let j = 0; j < vector.length; j += 1) sum += rows[offset + j] * vector[j];
  return sum;
}
