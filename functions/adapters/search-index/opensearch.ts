import type { Client } from '@opensearch-project/opensearch';
import type { FrameDoc, IndexPage, IndexQuery, MeetingDoc, PagedQuery, SearchIndex, SegmentDoc } from '../../core/search/model.js';
import { tokenize } from '../../core/search/text.js';
import { MAPPINGS, matchQuery, rankSort, type IndexKind } from './opensearch-queries.js';

interface MeetingSource extends MeetingDoc { tokens?: string[]; segmentCount?: number; frameCount?: number }
type Hit<T> = { _id: string; _source: T };
const MAX_WINDOW = 10_000;

/** The index operations the port's methods are made of: names, creating the indices on first use, bulk writes, reads. */
function indexOperations(client: Client, prefix: string) {
  const name = (kind: IndexKind) => `${prefix}${kind}`;
  let ready: Promise<void> | undefined;
  const ensureIndices = () => (ready ??= createMissing().catch((error) => { ready = undefined; throw error; }));

  async function createMissing() {
    for (const kind of Object.keys(MAPPINGS) as IndexKind[]) {
      const exists = await client.indices.exists({ index: name(kind) });
      if (exists.body) continue;
      await client.indices.create({ index: name(kind), body: { mappings: MAPPINGS[kind] } as any }).catch((error: any) => {
        if (error?.body?.error?.type !== 'resource_already_exists_exception') throw error;
      });
    }
  }

  async function bulk(lines: unknown[]) {
    if (lines.length === 0) return;
    const { body } = await client.bulk({ body: lines as any });
    const failed = (body.items as any[]).map((item) => Object.values(item)[0] as any)
      .filter((r) => r.error && !(r.status === 404 && r.result === 'not_found'));
    if (body.errors && failed.length > 0) throw new Error(`OpenSearch bulk request failed: ${JSON.stringify(failed[0].error)}`);
  }

  async function meetingSource(meetingId: string): Promise<MeetingSource | undefined> {
    const { body } = await client.mget({ index: name('meetings'), body: { ids: [meetingId] } });
    const doc = (body.docs as any[])[0];
    return doc?.found ? doc._source : undefined;
  }

  async function replace(kind: 'segments' | 'frames', meetingId: string, docs: readonly (SegmentDoc | FrameDoc)[]) {
    await ensureIndices();
    const countField = kind === 'segments' ? 'segmentCount' : 'frameCount';
    const previous = (await meetingSource(meetingId))?.[countField] ?? 0;
    const lines: unknown[] = [];
    docs.forEach((doc, position) => {
      lines.push({ index: { _index: name(kind), _id: `${meetingId}:${position}` } });
      lines.push({ ...doc, position, tokens: [...new Set(tokenize(doc.words.map((w) => w.text).join(' ')))] });
    });
    for (let position = docs.length; position < previous; position += 1) lines.push({ delete: { _index: name(kind), _id: `${meetingId}:${position}` } });
    lines.push({ update: { _index: name('meetings'), _id: meetingId } }, { doc: { meetingId, [countField]: docs.length }, doc_as_upsert: true });
    await bulk(lines);
  }

  async function search<T>(kind: IndexKind, body: Record<string, unknown>): Promise<{ total: number; hits: T[] }> {
    await ensureIndices();
    const { body: answer } = await client.search({ index: name(kind), body: body as any });
    const total = typeof answer.hits.total === 'number' ? answer.hits.total : answer.hits.total?.value ?? 0;
    return { total, hits: (answer.hits.hits as Array<Hit<T>>).map((h) => h._source) };
  }

  return { name, ensureIndices, bulk, meetingSource, replace, search };
}

/**
 * OpenSearch (Serverless or managed) behind the SearchIndex port: three indices named `{prefix}meetings`,
 * `{prefix}segments`, `{prefix}frames`, created with their mappings on first use. Documents have
 * deterministic ids ({meetingId}:{position}) and the meeting document counts them, so replacing and
 * removing need no delete_by_query (which Serverless lacks).
 */
export function createOpenSearchIndex(client: Client, prefix = 'meetscribe-'): SearchIndex {
  const { name, ensureIndices, bulk, meetingSource, replace, search } = indexOperations(client, prefix);
  const strip = <T extends SegmentDoc | FrameDoc>(source: T & { tokens?: unknown }): T => {
    const { tokens: _tokens, ...doc } = source;
    return doc as unknown as T;
  };
  const noMatch = ({ terms, meetingIds }: IndexQuery) => terms.length === 0 || meetingIds.length === 0;

  return {
    async upsertMeeting(doc) {
      await ensureIndices();
      const source = { meetingId: doc.meetingId, name: doc.name, createdAt: doc.createdAt, emails: [...doc.emails], tokens: [...new Set(tokenize(doc.name))] };
      await bulk([{ update: { _index: name('meetings'), _id: doc.meetingId } }, { doc: source, doc_as_upsert: true }]);
    },

    async removeMeeting(meetingId) {
      await ensureIndices();
      const source = await meetingSource(meetingId);
      if (!source) return;
      const lines: unknown[] = [];
      for (let p = 0; p < (source.segmentCount ?? 0); p += 1) lines.push({ delete: { _index: name('segments'), _id: `${meetingId}:${p}` } });
      for (let p = 0; p < (source.frameCount ?? 0); p += 1) lines.push({ delete: { _index: name('frames'), _id: `${meetingId}:${p}` } });
      lines.push({ delete: { _index: name('meetings'), _id: meetingId } });
      await bulk(lines);
    },

    replaceSegments: (meetingId, segments) => replace('segments', meetingId, segments),
    replaceFrames: (meetingId, frames) => replace('frames', meetingId, frames),

    async findMeetings(meetingIds) {
      if (meetingIds.length === 0) return [];
      await ensureIndices();
      const { body } = await client.mget({ index: name('meetings'), body: { ids: [...meetingIds] } });
      return (body.docs as any[]).filter((d) => d.found && d._source.name !== undefined)
        .map((d) => ({ meetingId: d._source.meetingId, name: d._source.name, createdAt: d._source.createdAt, emails: d._source.emails ?? [] }));
    },

    async matchMeetingNames(query) {
      if (noMatch(query)) return [];
      const { hits } = await search<MeetingSource>('meetings', {
        query: matchQuery(query.terms, query.meetingIds), sort: rankSort(), size: Math.min(query.meetingIds.length, MAX_WINDOW),
        _source: ['meetingId', 'name', 'createdAt', 'emails'],
      });
      return hits.map((h) => ({ meetingId: h.meetingId, name: h.name, createdAt: h.createdAt, emails: h.emails ?? [] }));
    },

    async bestFramePerMeeting(query) {
      if (noMatch(query)) return [];
      const { hits } = await search<FrameDoc>('frames', {
        query: matchQuery(query.terms, query.meetingIds), sort: rankSort('timestamp'), collapse: { field: 'meetingId' },
        size: Math.min(query.limit, MAX_WINDOW),
      });
      return hits.map(strip);
    },

    async searchFrames(query: PagedQuery): Promise<IndexPage<FrameDoc>> {
      if (noMatch(query)) return { total: 0, hits: [] };
      const page = await search<FrameDoc>('frames', {
        query: matchQuery(query.terms, query.meetingIds), sort: rankSort('timestamp'), from: query.from, size: query.size, track_total_hits: true,
      });
      return { total: page.total, hits: page.hits.map(strip) };
    },

    async searchSegments(query: PagedQuery): Promise<IndexPage<SegmentDoc>> {
      if (noMatch(query)) return { total: 0, hits: [] };
      const page = await search<SegmentDoc>('segments', {
        query: matchQuery(query.terms, query.meetingIds), sort: rankSort('start'), from: query.from, size: query.size, track_total_hits: true,
      });
      return { total: page.total, hits: page.hits.map(strip) };
    },
  };
}
