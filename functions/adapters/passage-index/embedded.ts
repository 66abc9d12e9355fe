import path from 'node:path';
import type { BM25Params } from 'minisearch';
import type { IndexedPassage, PassageDoc, PassageIndex, PassageKind, ScoredPassage, VectorQuery, WordQuery } from '../../core/ask/model.js';
import { KeyedQueue, readJson, removeFile, writeJsonAtomic } from '../search-index/files.js';
import { Bm25Words } from './bm25-words.js';
import { MeetingPassages } from './meeting-passages.js';
import { passagesFile, readPassagesFile, type PassagesFileV2 } from './passages-file.js';
import { dotRows, noRows, quantiseInto, type QuantisedRows } from './quantised-vectors.js';
import { TopK, topK } from './top-k.js';

/** BM25 parameters of the passage index: MiniSearch's defaults (k1 1.2, b 0.7, d 0.5). */
export const PASSAGE_BM25: BM25Params = { k: 1.2, b: 0.7, d: 0.5 };

const open = new Map<string, EmbeddedPassageIndex>();

/** The embedded passage index persisted under `dir`: one instance per directory and process (as the search index). */
export function openEmbeddedPassageIndex(dir: string, bm25?: BM25Params): PassageIndex {
  const key = path.resolve(dir);
  let index = open.get(key);
  if (!index) open.set(key, (index = new EmbeddedPassageIndex(key, bm25)));
  return index;
}

/**
 * Passages behind the PassageIndex port, in the local edition: one file per meeting under `dir` (written
 * atomically; passages-file.ts), loaded on first use and held compactly (MeetingPassages: distinct lines
 * once, numbers in typed arrays, int8 vectors, word postings by line). Words are ranked by BM25+ as
 * MiniSearch ranks them (Bm25Words), walking only the asked meetings' postings; `nearest` scans only the
 * asked meetings' contiguous int8 rows.
 */
export class EmbeddedPassageIndex implements PassageIndex {
  private readonly words: Bm25Words;
  private readonly meetings = new Map<string, Promise<MeetingPassages>>();
  private readonly writes = new KeyedQueue();

  /** `bm25`: the BM25+ parameters (k1, b, d); the default is the one eval:ask chose (docs/search.md, "Ask"). */
  constructor(private readonly dir: string, bm25: BM25Params = PASSAGE_BM25) {
    this.words = new Bm25Words({ ...PASSAGE_BM25, ...bm25 });
  }

  replacePassages(meetingId: string, kind: PassageKind, passages: readonly IndexedPassage[]): Promise<void> {
    return this.writes.run(meetingId, async () => {
      const current = await this.load(meetingId);
      const kept = Array.from({ length: current.count }, (_, i) => i).filter((i) => current.kind(i) !== kind);
      const dimensions = passages[0]?.vector.length ?? current.vectors.dimensions;
      const docs: PassageDoc[] = [...kept.map((i) => current.get(i)), ...passages.map(({ vector: _vector, ...p }) => ({ ...p, meetingId }))];
      const vectors = { codes: new Int8Array(docs.length * dimensions), scales: new Float32Array(docs.length), dimensions };
      if (current.vectors.dimensions === dimensions) kept.forEach((from, to) => copyRow(current.vectors, from, vectors, to));
      passages.forEach((p, i) => { vectors.scales[kept.length + i] = quantiseInto(p.vector, vectors.codes, kept.length + i); });
      await writeJsonAtomic(this.file(meetingId), passagesFile(docs, vectors));
      this.forget(current);
      this.meetings.set(meetingId, Promise.resolve(this.add(meetingId, docs, vectors)));
    });
  }

  removePassages(meetingId: string): Promise<void> {
    return this.writes.run(meetingId, async () => {
      this.forget(await this.load(meetingId));
      this.meetings.set(meetingId, Promise.resolve(this.add(meetingId, [], noRows())));
      await removeFile(this.file(meetingId));
    });
  }

  async matchWords({ terms, meetingIds, limit }: WordQuery): Promise<ScoredPassage[]> {
    if (terms.length === 0 || meetingIds.length === 0) return [];
    const loaded = await this.loadAll(meetingIds);
    const hits = this.words.search(terms, loaded.map((m) => ({ owner: m, postings: m.postings })));
    return topK(hits.map((h) => ({ item: h, score: h.score })), limit).map(({ item, score }) => ({ passage: item.owner.get(item.index), score }));
  }

  async nearest({ vector, meetingIds, limit }: VectorQuery): Promise<ScoredPassage[]> {
    const loaded = await this.loadAll(meetingIds);
    const query = Float64Array.from(vector);
    const kept = new TopK<{ m: MeetingPassages; i: number }>(limit);
    for (const m of loaded) {
      if (m.vectors.dimensions !== vector.length) continue;
      const scores = new Float64Array(m.count);
      dotRows(m.vectors, query, scores);
      for (let i = 0; i < m.count; i += 1) if (kept.accepts(scores[i])) kept.offer({ m, i }, scores[i]);
    }
    return kept.best.map(({ item, score }) => ({ passage: item.m.get(item.i), score }));
  }

  private loadAll(meetingIds: readonly string[]): Promise<MeetingPassages[]> {
    return Promise.all([...new Set(meetingIds)].map((id) => this.load(id)));
  }

  private load(meetingId: string): Promise<MeetingPassages> {
    let loaded = this.meetings.get(meetingId);
    if (!loaded) {
      loaded = readJson<PassagesFileV2>(this.file(meetingId)).then((file) => {
        const { docs, vectors } = readPassagesFile(file);
        return this.add(meetingId, docs, vectors);
      });
      loaded.catch(() => this.meetings.delete(meetingId));
      this.meetings.set(meetingId, loaded);
    }
    return loaded;
  }

  private add(meetingId: string, docs: readonly PassageDoc[], vectors: QuantisedRows): MeetingPassages {
    const meeting = new MeetingPassages(meetingId, docs, vectors, (term) => this.words.intern(term));
    this.words.add(meeting.postings);
    return meeting;
  }

  private forget(m: MeetingPassages): void { this.words.remove(m.postings); }

  private file(meetingId: string): string { return path.join(this.dir, 'passages', `${encodeURIComponent(meetingId)}.json`); }
}

function copyRow(from: QuantisedRows, row: number, to: { codes: Int8Array; scales: Float32Array; dimensions: number }, at: number): void {
  to.codes.set(from.codes.subarray(row * from.dimensions, (row + 1) * from.dimensions), at * to.dimensions);
  to.scales[at] = from.scales[row];
}
