/**
 * A local HTTP server answering in OpenSearch's wire format for the requests the OpenSearch search
 * index adapter sends: index exists/create, _bulk (index, update with doc_as_upsert, delete), _mget,
 * and _search with bool/constant_score/prefix/term/terms queries, sort, from/size, collapse and
 * track_total_hits; for the passage index also `match` on a whitespace-analysed text field (BM25, k1 1.2,
 * b 0.75, as Lucene) and `knn` on a vector field (inner-product space and score, with a filter).
 * Documents live in memory; every request is recorded for assertions.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Doc = Record<string, any>;
export interface FakeOpenSearch { readonly url: string; readonly requests: string[]; indices: Map<string, Map<string, Doc>>; stop(): Promise<void> }

const values = (doc: Doc, field: string): unknown[] => {
  const v = doc[field];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};
const operand = (spec: any) => (spec !== null && typeof spec === 'object' && 'value' in spec ? spec.value : spec);
const list = (x: any): any[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Lucene's BM25 of a document's whitespace-split field for the query's words, over every document of the index. */
function bm25(all: readonly Doc[], field: string, words: readonly string[], doc: Doc): number | undefined {
  const tokens = (d: Doc) => String(d[field] ?? '').split(' ').filter(Boolean);
  const own = tokens(doc);
  if (!words.some((w) => own.includes(w))) return undefined;
  const withField = all.filter((d) => d[field] !== undefined);
  const average = withField.reduce((sum, d) => sum + tokens(d).length, 0) / Math.max(1, withField.length);
  return words.reduce((sum, w) => {
    const tf = own.filter((t) => t === w).length;
    if (tf === 0) return sum;
    const df = withField.filter((d) => tokens(d).includes(w)).length;
    const idf = Math.log(1 + (withField.length - df + 0.5) / (df + 0.5));
    return sum + idf * (tf * 2.2) / (tf + 1.2 * (0.25 + 0.75 * own.length / average));
  }, 0);
}

/** OpenSearch's inner-product score of a dot product. */
const innerProductScore = (d: number) => (d >= 0 ? 1 + d : 1 / (1 - d));

/** The score of a document for a query, or undefined when it does not match. */
function score(query: any, doc: Doc, all: readonly Doc[] = []): number | undefined {
  const [kind, spec] = Object.entries(query)[0] as [string, any];
  switch (kind) {
    case 'match': { const [f, v] = Object.entries(spec)[0] as [string, any]; return bm25(all, f, String(operand(v.query ?? v)).split(' '), doc); }
    case 'knn': {
      const [f, v] = Object.entries(spec)[0] as [string, any];
      if (v.filter && score(v.filter, doc, all) === undefined) return undefined;
      const vector = doc[f] as number[] | undefined;
      return vector ? innerProductScore(vector.reduce((sum, x, i) => sum + x * v.vector[i], 0)) : undefined;
    }
    case 'match_all': return 1;
    case 'term': { const [f, v] = Object.entries(spec)[0]; return values(doc, f).includes(operand(v)) ? 1 : undefined; }
    case 'terms': { const [f, v] = Object.entries(spec)[0] as [string, unknown[]]; return values(doc, f).some((x) => v.includes(x)) ? 1 : undefined; }
    case 'prefix': { const [f, v] = Object.entries(spec)[0]; return values(doc, f).some((x) => String(x).startsWith(operand(v))) ? 1 : undefined; }
    case 'constant_score': return score(spec.filter, doc) === undefined ? undefined : spec.boost ?? 1;
    case 'bool': {
      if (list(spec.filter).some((q) => score(q, doc, all) === undefined)) return undefined;
      if (list(spec.must_not).some((q) => score(q, doc, all) !== undefined)) return undefined;
      let total = 0;
      for (const q of list(spec.must)) { const s = score(q, doc, all); if (s === undefined) return undefined; total += s; }
      const should = list(spec.should).map((q) => score(q, doc, all));
      if (list(spec.must).length === 0 && list(spec.filter).length === 0 && should.length > 0 && should.every((s) => s === undefined)) return undefined;
      return total + should.reduce<number>((sum, s) => sum + (s ?? 0), 0);
    }
    default: throw new Error(`fake OpenSearch: unsupported query ${kind}`);
  }
}

function compare(sort: any[], a: { doc: Doc; score: number }, b: { doc: Doc; score: number }): number {
  for (const clause of sort) {
    const [field, spec] = typeof clause === 'string' ? [clause, {}] : Object.entries(clause)[0] as [string, any];
    const order = (typeof spec === 'string' ? spec : spec.order) ?? (field === '_score' ? 'desc' : 'asc');
    const x: any = field === '_score' ? a.score : a.doc[field];
    const y: any = field === '_score' ? b.score : b.doc[field];
    if (x === y) continue;
    const c = x < y ? -1 : 1;
    return order === 'desc' ? -c : c;
  }
  return 0;
}

function search(docs: Map<string, Doc>, body: any) {
  const all = [...docs.values()];
  let matched = [...docs.entries()].flatMap(([id, doc]) => {
    const s = score(body.query ?? { match_all: {} }, doc, all);
    return s === undefined ? [] : [{ id, doc, score: s }];
  });
  matched.sort((a, b) => compare(body.sort ?? ['_score'], a, b));
  const knn = body.query?.knn ? (Object.values(body.query.knn)[0] as { k: number }) : undefined;
  if (knn) matched = matched.slice(0, knn.k);
  if (body.collapse) {
    const seen = new Set<unknown>();
    matched = matched.filter((m) => { const k = m.doc[body.collapse.field]; if (seen.has(k)) return false; seen.add(k); return true; });
  }
  const from = body.from ?? 0;
  const size = body.size ?? 10;
  const excluded: string[] = body._source?.excludes ?? [];
  const pick = (doc: Doc) => (Array.isArray(body._source) ? Object.fromEntries(body._source.filter((f: string) => f in doc).map((f: string) => [f, doc[f]]))
    : Object.fromEntries(Object.entries(doc).filter(([f]) => !excluded.includes(f))));
  return {
    took: 1, timed_out: false,
    hits: {
      total: { value: matched.length, relation: 'eq' },
      hits: matched.slice(from, from + size).map((m) => ({ _index: 'x', _id: m.id, _score: m.score, _source: pick(m.doc) })),
    },
  };
}

function bulk(indices: Map<string, Map<string, Doc>>, ndjson: string) {
  const lines = ndjson.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  const items: unknown[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const [action, meta] = Object.entries(lines[i])[0] as [string, any];
    const docs = indices.get(meta._index);
    if (!docs) { items.push({ [action]: { _index: meta._index, _id: meta._id, status: 404, error: { type: 'index_not_found_exception' } } }); if (action !== 'delete') i += 1; continue; }
    if (action === 'index') { docs.set(meta._id, lines[++i]); items.push({ index: { _id: meta._id, status: 201, result: 'created' } }); }
    else if (action === 'update') {
      const { doc, doc_as_upsert: upsert } = lines[++i];
      const current = docs.get(meta._id);
      if (!current && !upsert) { items.push({ update: { _id: meta._id, status: 404, error: { type: 'document_missing_exception' } } }); continue; }
      docs.set(meta._id, { ...current, ...doc });
      items.push({ update: { _id: meta._id, status: 200, result: 'updated' } });
    } else if (action === 'delete') {
      const existed = docs.delete(meta._id);
      items.push({ delete: { _id: meta._id, status: existed ? 200 : 404, result: existed ? 'deleted' : 'not_found' } });
    } else throw new Error(`fake OpenSearch: unsupported bulk action ${action}`);
  }
  return { took: 1, errors: items.some((it: any) => Object.values(it)[0] && (Object.values(it)[0] as any).error), items };
}

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
});

/** Starts the fake on 127.0.0.1 and a random port. */
export async function startFakeOpenSearch(): Promise<FakeOpenSearch> {
  const indices = new Map<string, Map<string, Doc>>();
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const text = await read(req);
    requests.push(`${req.method} ${url.pathname} ${String(req.headers.authorization ?? '').split(',')[0]}`);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      if (parts.length === 1 && parts[0] === '_bulk') return send(200, bulk(indices, text));
      if (parts.length === 1 && req.method === 'HEAD') return send(indices.has(parts[0]) ? 200 : 404);
      if (parts.length === 1 && req.method === 'PUT') {
        if (indices.has(parts[0])) return send(400, { error: { type: 'resource_already_exists_exception' }, status: 400 });
        indices.set(parts[0], new Map());
        return send(200, { acknowledged: true, index: parts[0] });
      }
      const docs = indices.get(parts[0]);
      if (!docs) return send(404, { error: { type: 'index_not_found_exception' }, status: 404 });
      const body = text ? JSON.parse(text) : {};
      if (parts[1] === '_mget') return send(200, { docs: body.ids.map((id: string) => (docs.has(id) ? { _id: id, found: true, _source: docs.get(id) } : { _id: id, found: false })) });
      if (parts[1] === '_search') return send(200, search(docs, body));
      return send(400, { error: { type: 'unsupported', reason: `${req.method} ${url.pathname}` } });
    } catch (error) {
      return send(500, { error: { type: 'fake_error', reason: (error as Error).message } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, requests, indices,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
