/**
 * The ranking both index adapters implement (the OpenSearch one as a sort clause): more query terms
 * matching a whole word first, then newer meetings, then meetingId, then earlier in the recording.
 */
export interface RankKey {
  readonly exact: number;
  readonly createdAt: string;
  readonly meetingId: string;
  readonly time: number;
  readonly position: number;
}

/** Comparator for Array.prototype.sort: best first. */
export function compareRank(a: RankKey, b: RankKey): number {
  return (b.exact - a.exact)
    || (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1)
    || (a.meetingId === b.meetingId ? 0 : a.meetingId < b.meetingId ? -1 : 1)
    || (a.time - b.time)
    || (a.position - b.position);
}
