import path from 'node:path';
import MiniSearch from 'minisearch';
import type { FrameDoc, IndexPage, IndexQuery, MeetingDoc, PagedQuery, SearchIndex, SegmentDoc } from '../../core/search/model.js';
import { compareRank, type RankKey } from '../../core/search/ranking.js';
import { tokenize } from '../../core/search/text.js';
import { KeyedQueue, readJson, removeFile, writeJsonAtomic } from './files.js';
import { Partition, type PartitionMatch } from './partition.js';

interface PartitionFile { segments: SegmentDoc[]; frames: FrameDoc[] }

const open = new Map<string, EmbeddedSearchIndex>();

/**
 * The embedded index persisted under `dir`: one instance per directory and process, so every handler
 * module of the local edition (they share one process) sees each write at once.
 */
export function openEmbeddedSearchIndex(dir: string): SearchIndex {
  const key = path.resolve(dir);
  let index = open.get(key);
  if (!index) open.set(key, (index = new EmbeddedSearchIndex(key)));
  return index;
}

/**
 * MiniSearch behind the SearchIndex port: meeting names in one index, each meeting's segments and
 * frames in their own partition file under meetings/, loaded on first use and kept in memory.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  private meetings?: Promise<Map<string, MeetingDoc>>;
  private names?: MiniSearch<{ id: string; text: string }>;
  private readonly partitions = new Map<string, Promise<Partition>>();
  private readonly writes = new KeyedQueue();

  constructor(private readonly dir: string) {}

  async upsertMeeting(doc: MeetingDoc): Promise<void> {
    const meetings = await this.loadMeetings();
    await this.writes.run('meetings', async () => {
      meetings.set(doc.meetingId, { meetingId: doc.meetingId, name: doc.name, createdAt: doc.createdAt, emails: [...doc.emails] });
      this.names = undefined;
      await writeJsonAtomic(this.meetingsFile(), [...meetings.values()]);
    });
  }

  async removeMeeting(meetingId: string): Promise<void> {
    const meetings = await this.loadMeetings();
    await this.writes.run('meetings', async () => {
      if (!meetings.delete(meetingId)) return;
      this.names = undefined;
      await writeJsonAtomic(this.meetingsFile(), [...meetings.values()]);
    });
    await this.writes.run(meetingId, async () => {
      this.partitions.set(meetingId, Promise.resolve(this.partition([], [])));
      await removeFile(this.partitionFile(meetingId));
    });
  }

  replaceSegments(meetingId: string, segments: readonly SegmentDoc[]): Promise<void> {
    return this.rewrite(meetingId, (current) => ({ segments: [...segments], frames: current.frames }));
  }

  replaceFrames(meetingId: string, frames: readonly FrameDoc[]): Promise<void> {
    return this.rewrite(meetingId, (current) => ({ segments: current.segments, frames: [...frames] }));
  }

  async findMeetings(meetingIds: readonly string[]): Promise<MeetingDoc[]> {
    const meetings = await this.loadMeetings();
    return meetingIds.flatMap((id) => meetings.get(id) ?? []);
  }

  async matchMeetingNames({ terms, meetingIds }: IndexQuery): Promise<MeetingDoc[]> {
    const meetings = await this.loadMeetings();
    if (terms.length === 0 || meetingIds.length === 0) return [];
    this.names ??= this.nameIndex(meetings);
    const allowed = new Set(meetingIds);
    return this.names.search(terms.join(' '), { filter: (r) => allowed.has(r.id as string) })
      .map((r) => ({ doc: meetings.get(r.id as string)!, exact: terms.filter((q) => r.terms.includes(q)).length }))
      .sort((a, b) => compareRank(
        { exact: a.exact, createdAt: a.doc.createdAt, meetingId: a.doc.meetingId, time: 0, position: 0 },
        { exact: b.exact, createdAt: b.doc.createdAt, meetingId: b.doc.meetingId, time: 0, position: 0 }))
      .map((r) => r.doc);
  }

  async bestFramePerMeeting(query: IndexQuery & { limit: number }): Promise<FrameDoc[]> {
    const ranked = await this.collect(query, 'frames');
    const seen = new Set<string>();
    const best: FrameDoc[] = [];
    for (const { partition, position, key } of ranked) {
      if (seen.has(key.meetingId)) continue;
      seen.add(key.meetingId);
      best.push(partition.frame(position));
      if (best.length >= query.limit) break;
    }
    return best;
  }

  async searchFrames(query: PagedQuery): Promise<IndexPage<FrameDoc>> {
    const ranked = await this.collect(query, 'frames');
    return { total: ranked.length, hits: ranked.slice(query.from, query.from + query.size).map((r) => r.partition.frame(r.position)) };
  }

  async searchSegments(query: PagedQuery): Promise<IndexPage<SegmentDoc>> {
    const ranked = await this.collect(query, 'segments');
    return { total: ranked.length, hits: ranked.slice(query.from, query.from + query.size).map((r) => r.partition.segment(r.position)) };
  }

  /** Every match in the given meetings, ranked; documents stay packed until a page is cut. */
  private async collect({ terms, meetingIds }: IndexQuery, kind: 'segments' | 'frames'): Promise<Array<{ partition: Partition; position: number; key: RankKey }>> {
    if (terms.length === 0) return [];
    const partitions = await Promise.all([...new Set(meetingIds)].map((id) => this.loadPartition(id)));
    const ranked: Array<{ partition: Partition; position: number; key: RankKey }> = [];
    for (const partition of partitions) {
      if (partition.isEmpty) continue;
      const matches = kind === 'segments' ? partition.matchSegments(terms) : partition.matchFrames(terms);
      for (const { position, exact } of matches) {
        const meta = kind === 'segments' ? partition.segmentMeta(position) : partition.frameMeta(position);
        const time = 'start' in meta ? meta.start : meta.timestamp;
        ranked.push({ partition, position, key: { exact, createdAt: meta.createdAt, meetingId: meta.meetingId, time, position: meta.position } });
      }
    }
    return ranked.sort((a, b) => compareRank(a.key, b.key));
  }

  private rewrite(meetingId: string, change: (current: PartitionFile) => PartitionFile): Promise<void> {
    return this.writes.run(meetingId, async () => {
      const current = await this.loadPartition(meetingId);
      const next = change({ segments: current.allSegments(), frames: current.allFrames() });
      await writeJsonAtomic(this.partitionFile(meetingId), next);
      this.partitions.set(meetingId, Promise.resolve(this.partition(next.segments, next.frames)));
    });
  }

  private loadPartition(meetingId: string): Promise<Partition> {
    let loaded = this.partitions.get(meetingId);
    if (!loaded) {
      loaded = readJson<PartitionFile>(this.partitionFile(meetingId))
        .then((file) => this.partition(file?.segments ?? [], file?.frames ?? []));
      loaded.catch(() => this.partitions.delete(meetingId));
      this.partitions.set(meetingId, loaded);
    }
    return loaded;
  }

  private partition(segments: readonly SegmentDoc[], frames: readonly FrameDoc[]): Partition {
    return new Partition(segments, frames, tokenize);
  }

  private loadMeetings(): Promise<Map<string, MeetingDoc>> {
    this.meetings ??= readJson<MeetingDoc[]>(this.meetingsFile()).then((docs) => new Map((docs ?? []).map((d) => [d.meetingId, d])));
    return this.meetings;
  }

  private nameIndex(meetings: Map<string, MeetingDoc>): MiniSearch<{ id: string; text: string }> {
    const split = (t: string) => (t ? t.split(' ') : []);
    const index = new MiniSearch<{ id: string; text: string }>({
      fields: ['text'], storeFields: [], tokenize: split, processTerm: (t) => t,
      searchOptions: { prefix: true, fuzzy: false, combineWith: 'AND', tokenize: split, processTerm: (t) => t },
    });
    index.addAll([...meetings.values()].map((m) => ({ id: m.meetingId, text: tokenize(m.name).join(' ') })));
    return index;
  }

  private meetingsFile(): string { return path.join(this.dir, 'meetings.json'); }

  private partitionFile(meetingId: string): string { return path.join(this.dir, 'meetings', `${encodeURIComponent(meetingId)}.json`); }
}
