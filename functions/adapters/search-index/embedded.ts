import path from 'node:path';
import MiniSearch from 'minisearch';
import type { FrameDoc, IndexPage, IndexQuery, MeetingDoc, PagedQuery, SearchIndex, SegmentDoc } from '../../core/search/model.js';
import { compareRank, type RankKey } from '../../core/search/ranking.js';
import { tokenize } from '../../core/search/text.js';
import { KeyedQueue, readJson, removeFile, writeJsonAtomic } from './files.js';
import { FrameColumns, SegmentColumns, type RankFields } from './meeting-documents.js';
import { SharedTextIndex } from './shared-text-index.js';

interface DocumentsFile { readonly segments: readonly SegmentDoc[]; readonly frames: readonly FrameDoc[] }

const open = new Map<string, EmbeddedSearchIndex>();

const normalised = (texts: readonly string[]) => texts.map((text) => tokenize(text).join(' '));
const page = <Doc>({ from, size }: PagedQuery, ranked: readonly Ranked<Doc>[]): IndexPage<Doc> =>
  ({ total: ranked.length, hits: ranked.slice(from, from + size).map((r) => r.columns.get(r.position)) });

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

/** A meeting's documents as loaded; the object stays, its columns are swapped on each replace. */
interface MeetingDocuments { segments: SegmentColumns; frames: FrameColumns }
interface Columns<Doc> { readonly meetingId: string; texts(): readonly string[]; rank(i: number): RankFields; get(i: number): Doc }
interface Ranked<Doc> { columns: Columns<Doc>; position: number; key: RankKey }

/**
 * MiniSearch behind the SearchIndex port. Meeting names in one index; each meeting's segments and
 * frames in their own file under meetings/ (the unit of writing), loaded on first use, kept column-wise
 * in memory (MeetingDocuments) and added to one shared MiniSearch index for segments and one for frames.
 */
export class EmbeddedSearchIndex implements SearchIndex {
  private meetings?: Promise<Map<string, MeetingDoc>>;
  private names?: MiniSearch<{ id: string; text: string }>;
  private readonly documents = new Map<string, Promise<MeetingDocuments>>();
  private readonly segmentIndex = new SharedTextIndex<SegmentColumns>();
  private readonly frameIndex = new SharedTextIndex<FrameColumns>();
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
      const loaded = await this.loadDocuments(meetingId);
      this.replace(this.segmentIndex, loaded.segments, (loaded.segments = new SegmentColumns(meetingId, [])));
      this.replace(this.frameIndex, loaded.frames, (loaded.frames = new FrameColumns(meetingId, [])));
      await removeFile(this.documentsFile(meetingId));
    });
  }

  replaceSegments(meetingId: string, segments: readonly SegmentDoc[]): Promise<void> {
    return this.writes.run(meetingId, async () => {
      const loaded = await this.loadDocuments(meetingId);
      await writeJsonAtomic(this.documentsFile(meetingId), { segments, frames: loaded.frames.all() } satisfies DocumentsFile);
      this.replace(this.segmentIndex, loaded.segments, (loaded.segments = new SegmentColumns(meetingId, segments)));
    });
  }

  replaceFrames(meetingId: string, frames: readonly FrameDoc[]): Promise<void> {
    return this.writes.run(meetingId, async () => {
      const loaded = await this.loadDocuments(meetingId);
      await writeJsonAtomic(this.documentsFile(meetingId), { segments: loaded.segments.all(), frames } satisfies DocumentsFile);
      this.replace(this.frameIndex, loaded.frames, (loaded.frames = new FrameColumns(meetingId, frames)));
    });
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
    const ranked = await this.collect<FrameDoc, FrameColumns>(query, this.frameIndex, (d) => d.frames);
    const seen = new Set<string>();
    const best: FrameDoc[] = [];
    for (const { columns, position } of ranked) {
      if (seen.has(columns.meetingId)) continue;
      seen.add(columns.meetingId);
      best.push(columns.get(position));
      if (best.length >= query.limit) break;
    }
    return best;
  }

  async searchFrames(query: PagedQuery): Promise<IndexPage<FrameDoc>> {
    return page(query, await this.collect<FrameDoc, FrameColumns>(query, this.frameIndex, (d) => d.frames));
  }

  async searchSegments(query: PagedQuery): Promise<IndexPage<SegmentDoc>> {
    return page(query, await this.collect<SegmentDoc, SegmentColumns>(query, this.segmentIndex, (d) => d.segments));
  }

  /** Every match in the given meetings, ranked; documents stay in columns until a page is cut. */
  private async collect<Doc, C extends Columns<Doc>>(
    { terms, meetingIds }: IndexQuery, index: SharedTextIndex<C>, columnsOf: (documents: MeetingDocuments) => C,
  ): Promise<Ranked<Doc>[]> {
    if (terms.length === 0) return [];
    const loaded = await Promise.all([...new Set(meetingIds)].map((id) => this.loadDocuments(id)));
    return index.match(terms, new Set(loaded.map(columnsOf)))
      .map(({ owner, position, exact }): Ranked<Doc> => ({ columns: owner, position, key: { exact, ...owner.rank(position) } }))
      .sort((a, b) => compareRank(a.key, b.key));
  }

  /** Swaps one kind of a meeting's documents in its shared index. */
  private replace<C extends Columns<unknown>>(index: SharedTextIndex<C>, current: C, next: C): void {
    index.remove(current);
    index.add(next, normalised(next.texts()));
  }

  private loadDocuments(meetingId: string): Promise<MeetingDocuments> {
    let loaded = this.documents.get(meetingId);
    if (!loaded) {
      loaded = readJson<DocumentsFile>(this.documentsFile(meetingId)).then((file) => {
        const documents = { segments: new SegmentColumns(meetingId, file?.segments ?? []), frames: new FrameColumns(meetingId, file?.frames ?? []) };
        this.segmentIndex.add(documents.segments, normalised(documents.segments.texts()));
        this.frameIndex.add(documents.frames, normalised(documents.frames.texts()));
        return documents;
      });
      loaded.catch(() => this.documents.delete(meetingId));
      this.documents.set(meetingId, loaded);
    }
    return loaded;
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

  private documentsFile(meetingId: string): string { return path.join(this.dir, 'meetings', `${encodeURIComponent(meetingId)}.json`); }
}
