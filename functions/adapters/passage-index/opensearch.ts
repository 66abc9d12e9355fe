import type { Client } from '@opensearch-project/opensearch';
import type { IndexedPassage, PassageDoc, PassageIndex, PassageKind, ScoredPassage } from '../../core/ask/model.js';
import { passageText } from '../../core/ask/model.js';
import { passageTerms } from '../../core/ask/terms.js';

const keyword = { type: 'keyword' } as const;
const KINDS: readonly PassageKind[] = ['speech', 'slide'];

/**
 * The passages index: the words as core/ask/terms.ts gives them in a whitespace-analysed text field (so
 * OpenSearch's BM25 sees the same terms as the embedded index), the vector in a k-NN field beside it
 * (HNSW, inner product: the vectors are unit length, so it is the cosine). A `{meetingId}:counts`
 * document per meeting counts its passages of each kind, so replacing and removing need no delete_by_query.
 */
export const passagesMapping = (dimensions: number) => ({
  settings: { index: { knn: true } },
  mappings: { properties: {
    meetingId: keyword, kind: keyword, position: { type: 'integer' }, firstTurn: { type: 'integer' }, lastTurn: { type: 'integer' },
    start: { type: 'float' }, end: { type: 'float' }, imageKey: { type: 'keyword', index: false }, lines: { type: 'object', enabled: false },
    terms: { type: 'text', analyzer: 'whitespace', similarity: 'BM25' },
    vector: { type: 'knn_vector', dimension: dimensions, method: { name: 'hnsw', engine: 'faiss', space_type: 'innerproduct' } },
    counts: { type: 'object', enabled: false },
  } },
});

/** OpenSearch's inner-product score (1 + d for d ≥ 0, 1 / (1 − d) below) back to the dot product. */
export const dotOfScore = (score: number): number => (score >= 1 ? score - 1 : 1 - 1 / score);

interface Source extends PassageDoc { counts?: Partial<Record<PassageKind, number>> }

/** OpenSearch behind the PassageIndex port: one index `{prefix}passages`, created on first use. */
export function createOpenSearchPassageIndex(client: Client, prefix = 'meetscribe-', dimensions = 512): PassageIndex {
  const index = `${prefix}passages`;
  let ready: Promise<void> | undefined;
  const ensure = () => (ready ??= (async () => {
    if ((await client.indices.exists({ index })).body) return;
    await client.indices.create({ index, body: passagesMapping(dimensions) as any }).catch((error: any) => {
      if (error?.body?.error?.type !== 'resource_already_exists_exception') throw error;
    });
  })().catch((error) => { ready = undefined; throw error; }));

  async function counts(meetingId: string): Promise<Partial<Record<PassageKind, number>>> {
    const { body } = await client.mget({ index, body: { ids: [`${meetingId}:counts`] } });
    const doc = (body.docs as any[])[0];
    return doc?.found ? (doc._source as Source).counts ?? {} : {};
  }

  async function bulk(lines: unknown[]) {
    if (lines.length === 0) return;
    const { body } = await client.bulk({ body: lines as any });
    const failed = (body.items as any[]).map((item) => Object.values(item)[0] as any).filter((r) => r.error && r.status !== 404);
    if (body.errors && failed.length > 0) throw new Error(`OpenSearch bulk request failed: ${JSON.stringify(failed[0].error)}`);
  }

  const deletes = (meetingId: string, kind: PassageKind, from: number, to: number) =>
    Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ delete: { _index: index, _id: `${meetingId}:${kind}:${from + i}` } }));

  async function search(body: Record<string, unknown>): Promise<ScoredPassage[]> {
    await ensure();
    const { body: answer } = await client.search({ index, body: { ...body, _source: { excludes: ['vector', 'terms'] } } as any });
    return (answer.hits.hits as any[]).map((h) => ({ passage: h._source as PassageDoc, score: h._score as number }));
  }

  const scope = (meetingIds: readonly string[]) => [{ terms: { meetingId: [...meetingIds] } }, { terms: { kind: [...KINDS] } }];

  return {
    async replacePassages(meetingId, kind, passages: readonly IndexedPassage[]) {
      await ensure();
      const previous = await counts(meetingId);
      const lines: unknown[] = [];
      passages.forEach((p, position) => {
        const { vector, ...doc } = p;
        lines.push({ index: { _index: index, _id: `${meetingId}:${kind}:${position}` } },
          { ...doc, meetingId, kind, position, terms: passageTerms(passageText(p)).join(' '), vector: Array.from(vector) });
      });
      lines.push(...deletes(meetingId, kind, passages.length, previous[kind] ?? 0));
      lines.push({ index: { _index: index, _id: `${meetingId}:counts` } }, { meetingId, counts: { ...previous, [kind]: passages.length } });
      await bulk(lines);
    },

    async removePassages(meetingId) {
      await ensure();
      const previous = await counts(meetingId);
      await bulk([...KINDS.flatMap((kind) => deletes(meetingId, kind, 0, previous[kind] ?? 0)), { delete: { _index: index, _id: `${meetingId}:counts` } }]);
    },

    async matchWords({ terms, meetingIds, limit }) {
      if (terms.length === 0 || meetingIds.length === 0) return [];
      return search({ size: limit, query: { bool: { filter: scope(meetingIds), must: [{ match: { terms: { query: terms.join(' '), operator: 'or' } } }] } } });
    },

    async nearest({ vector, meetingIds, limit }) {
      if (meetingIds.length === 0) return [];
      const hits = await search({ size: limit, query: { knn: { vector: { vector: Array.from(vector), k: limit,
        filter: { bool: { filter: scope(meetingIds) } } } } } });
      return hits.map((h) => ({ passage: h.passage, score: dotOfScore(h.score) }));
    },
  };
}
