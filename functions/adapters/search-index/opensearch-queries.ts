/**
 * The OpenSearch request bodies of the search index: mappings and the one match query. Matching is a
 * `prefix` per term on a keyword array of normalised tokens (all must match); a `term` per term adds
 * the exact-word bonus. constant_score keeps _score = terms + 100 × exact words, the same ranking as
 * the embedded adapter, independent of BM25 statistics.
 */
export const EXACT_BOOST = 100;

const keyword = { type: 'keyword' } as const;
const stored = { type: 'object', enabled: false } as const;
const ownerFields = { meetingId: keyword, createdAt: { type: 'date' }, position: { type: 'integer' }, tokens: keyword };

export const MAPPINGS = {
  meetings: { properties: { meetingId: keyword, name: { type: 'keyword', index: false }, createdAt: { type: 'date' }, emails: keyword,
    tokens: keyword, segmentCount: { type: 'integer' }, frameCount: { type: 'integer' } } },
  segments: { properties: { ...ownerFields, start: { type: 'float' }, end: { type: 'float' }, speaker: keyword, words: stored } },
  frames: { properties: { ...ownerFields, timestamp: { type: 'float' }, imageKey: { type: 'keyword', index: false },
    thumbnailKey: { type: 'keyword', index: false }, width: { type: 'integer' }, height: { type: 'integer' }, words: stored } },
} as const;

export type IndexKind = keyof typeof MAPPINGS;

/** Every term a prefix of some token, in the given meetings; exact tokens score EXACT_BOOST each. */
export function matchQuery(terms: readonly string[], meetingIds: readonly string[]) {
  return {
    bool: {
      filter: [{ terms: { meetingId: [...meetingIds] } }],
      must: terms.map((t) => ({ constant_score: { filter: { prefix: { tokens: t } }, boost: 1 } })),
      should: terms.map((t) => ({ constant_score: { filter: { term: { tokens: t } }, boost: EXACT_BOOST } })),
    },
  };
}

/** The shared ranking as a sort clause; `time` is the field of the position in the recording. */
export const rankSort = (time?: 'start' | 'timestamp') => [
  { _score: { order: 'desc' } }, { createdAt: { order: 'desc' } }, { meetingId: { order: 'asc' } },
  ...(time ? [{ [time]: { order: 'asc' } }, { position: { order: 'asc' } }] : []),
];
