import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import { EmbeddedSearchIndex } from '../../../functions/adapters/search-index/embedded.js';
import { createOpenSearchIndex } from '../../../functions/adapters/search-index/opensearch.js';
import type { FrameDoc, MeetingDoc, SearchIndex, SegmentDoc } from '../../../functions/core/search/model.js';
import { queryTerms } from '../../../functions/core/search/text.js';
import { startFakeOpenSearch, type FakeOpenSearch } from './fake-opensearch.js';

const meeting = (meetingId: string, name: string, createdAt: string): MeetingDoc => ({ meetingId, name, createdAt, emails: ['host@example.com'] });
const segment = (m: MeetingDoc, position: number, start: number, text: string): SegmentDoc => ({
  meetingId: m.meetingId, createdAt: m.createdAt, position, start, end: start + 5, speaker: 'spk_0',
  words: text.split(' ').map((w, i) => ({ text: w, start: start + i * 0.5 })),
});
const frame = (m: MeetingDoc, position: number, timestamp: number, text: string): FrameDoc => ({
  meetingId: m.meetingId, createdAt: m.createdAt, position, timestamp, imageKey: `artefacts/${m.meetingId}/frames/${position}.jpg`,
  thumbnailKey: `artefacts/${m.meetingId}/frames/${position}.thumb.jpg`, width: 1280, height: 720,
  words: text.split(' ').map((w, i) => ({ text: w, confidence: 90, box: { left: i * 0.1, top: 0.1, width: 0.08, height: 0.05 } })),
});

const older = meeting('m-old', 'Weekly Sync', '2025-01-01T10:00:00.000Z');
const newer = meeting('m-new', 'Budget Review', '2025-02-01T10:00:00.000Z');
const ids = [older.meetingId, newer.meetingId];

interface Harness { name: string; open(): Promise<SearchIndex>; reopen?(): Promise<SearchIndex>; stop(): Promise<void> }

function embeddedHarness(): Harness {
  let dir = '';
  return {
    name: 'embedded (sorted words + typed-array postings)',
    async open() { dir = await mkdtemp(path.join(os.tmpdir(), 'search-index-')); return new EmbeddedSearchIndex(dir); },
    async reopen() { return new EmbeddedSearchIndex(dir); },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

function openSearchHarness(): Harness & { fake?: FakeOpenSearch } {
  const h: Harness & { fake?: FakeOpenSearch } = {
    name: 'OpenSearch (wire-format fake)',
    async open() {
      h.fake = await startFakeOpenSearch();
      const client = new Client({
        ...AwsSigv4Signer({ region: 'us-east-1', service: 'aoss', getCredentials: async () => ({ accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }) }),
        node: h.fake.url,
      });
      return createOpenSearchIndex(client, 'test-');
    },
    stop: async () => { await h.fake?.stop(); },
  };
  return h;
}

describe.each([embeddedHarness(), openSearchHarness()])('SearchIndex contract: $name', (harness) => {
  let index: SearchIndex;

  beforeEach(async () => {
    index = await harness.open();
    await index.upsertMeeting(older);
    await index.upsertMeeting(newer);
    await index.replaceSegments(older.meetingId, [
      segment(older, 0, 1, 'printing history review today'),
      segment(older, 1, 30, 'the reading group met'),
      segment(older, 2, 60, 'printer is broken again'),
    ]);
    await index.replaceSegments(newer.meetingId, [segment(newer, 0, 5, 'printing costs rose')]);
    await index.replaceFrames(older.meetingId, [frame(older, 0, 0, 'Weekly Sync - Agenda'), frame(older, 1, 50, 'Agenda items')]);
    await index.replaceFrames(newer.meetingId, [frame(newer, 0, 10, 'Budget agenda 2025')]);
  });
  afterEach(() => harness.stop());

  it('finds a segment whose words start with every query term, case-insensitively', async () => {
    const page = await index.searchSegments({ terms: queryTerms('PRINT hist'), meetingIds: ids, from: 0, size: 10 });
    expect(page.total).toBe(1);
    expect(page.hits[0]).toMatchObject({ meetingId: 'm-old', position: 0, start: 1 });
  });

  it('does not match terms spread over two segments', async () => {
    const page = await index.searchSegments({ terms: queryTerms('printing reading'), meetingIds: ids, from: 0, size: 10 });
    expect(page.total).toBe(0);
  });

  it('ranks an exact word before a prefix match, then newer meetings first', async () => {
    const page = await index.searchSegments({ terms: queryTerms('printing'), meetingIds: ids, from: 0, size: 10 });
    expect(page.hits.map((h) => [h.meetingId, h.position])).toEqual([['m-new', 0], ['m-old', 0]]);
    const prefix = await index.searchSegments({ terms: queryTerms('print'), meetingIds: ids, from: 0, size: 10 });
    expect(prefix.hits.map((h) => [h.meetingId, h.position])).toEqual([['m-new', 0], ['m-old', 0], ['m-old', 2]]);
    const exactFirst = await index.searchSegments({ terms: queryTerms('printer'), meetingIds: ids, from: 0, size: 10 });
    expect(exactFirst.hits.map((h) => [h.meetingId, h.position])).toEqual([['m-old', 2]]);
  });

  it('puts an older meeting with the exact word before a newer one with only a prefix', async () => {
    await index.replaceSegments(newer.meetingId, [segment(newer, 0, 5, 'printings costs rose')]);
    const page = await index.searchSegments({ terms: queryTerms('printing'), meetingIds: ids, from: 0, size: 10 });
    expect(page.hits.map((h) => h.meetingId)).toEqual(['m-old', 'm-new']);
  });

  it('looks only in the meetings it is given', async () => {
    const only = await index.searchSegments({ terms: queryTerms('printing'), meetingIds: ['m-old'], from: 0, size: 10 });
    const none = await index.searchSegments({ terms: queryTerms('printing'), meetingIds: [], from: 0, size: 10 });
    expect(only.hits.map((h) => h.meetingId)).toEqual(['m-old']);
    expect(none).toEqual({ total: 0, hits: [] });
  });

  it('pages with a total', async () => {
    const first = await index.searchSegments({ terms: queryTerms('print'), meetingIds: ids, from: 0, size: 2 });
    const second = await index.searchSegments({ terms: queryTerms('print'), meetingIds: ids, from: 2, size: 2 });
    expect(first.total).toBe(3);
    expect(first.hits).toHaveLength(2);
    expect(second.hits.map((h) => [h.meetingId, h.position])).toEqual([['m-old', 2]]);
  });

  it('returns segments and frames as they were stored', async () => {
    const segments = await index.searchSegments({ terms: queryTerms('costs'), meetingIds: ids, from: 0, size: 10 });
    const frames = await index.searchFrames({ terms: queryTerms('budget'), meetingIds: ids, from: 0, size: 10 });
    expect(segments.hits).toEqual([segment(newer, 0, 5, 'printing costs rose')]);
    expect(frames.hits).toEqual([frame(newer, 0, 10, 'Budget agenda 2025')]);
  });

  it('replaces a meeting\'s segments, dropping words and segments no longer there', async () => {
    await index.replaceSegments(older.meetingId, [segment(older, 0, 1, 'completely new words')]);
    expect((await index.searchSegments({ terms: ['printer'], meetingIds: ids, from: 0, size: 10 })).total).toBe(0);
    expect((await index.searchSegments({ terms: ['reading'], meetingIds: ids, from: 0, size: 10 })).total).toBe(0);
    expect((await index.searchSegments({ terms: ['new'], meetingIds: ids, from: 0, size: 10 })).total).toBe(1);
  });

  it('ranks frames and orders a meeting\'s frames by time', async () => {
    const page = await index.searchFrames({ terms: queryTerms('agenda'), meetingIds: ids, from: 0, size: 10 });
    expect(page.hits.map((f) => [f.meetingId, f.timestamp])).toEqual([['m-new', 10], ['m-old', 0], ['m-old', 50]]);
  });

  it('gives the best frame of each meeting', async () => {
    const best = await index.bestFramePerMeeting({ terms: queryTerms('agen'), meetingIds: ids, limit: 10 });
    expect(best.map((f) => [f.meetingId, f.timestamp])).toEqual([['m-new', 10], ['m-old', 0]]);
    const one = await index.bestFramePerMeeting({ terms: queryTerms('agen'), meetingIds: ids, limit: 1 });
    expect(one.map((f) => f.meetingId)).toEqual(['m-new']);
  });

  it('matches meeting names by word prefix and finds meetings by id', async () => {
    expect((await index.matchMeetingNames({ terms: queryTerms('week sy'), meetingIds: ids })).map((m) => m.meetingId)).toEqual(['m-old']);
    expect(await index.matchMeetingNames({ terms: queryTerms('week'), meetingIds: ['m-new'] })).toEqual([]);
    expect((await index.findMeetings(['m-new', 'unknown'])).map((m) => m.name)).toEqual(['Budget Review']);
  });

  it('renames a meeting on upsert', async () => {
    await index.upsertMeeting({ ...older, name: 'Quarterly planning' });
    expect(await index.matchMeetingNames({ terms: ['weekly'], meetingIds: ids })).toEqual([]);
    expect((await index.matchMeetingNames({ terms: ['quarter'], meetingIds: ids })).map((m) => m.name)).toEqual(['Quarterly planning']);
  });

  it('removes a meeting with its segments and frames', async () => {
    await index.removeMeeting(older.meetingId);
    expect(await index.findMeetings([older.meetingId])).toEqual([]);
    expect((await index.searchSegments({ terms: ['print'], meetingIds: ids, from: 0, size: 10 })).hits.map((h) => h.meetingId)).toEqual(['m-new']);
    expect((await index.searchFrames({ terms: ['agenda'], meetingIds: ids, from: 0, size: 10 })).hits.map((h) => h.meetingId)).toEqual(['m-new']);
    await expect(index.removeMeeting('never-indexed')).resolves.toBeUndefined();
  });

  it('keeps its documents when opened again', async () => {
    if (!harness.reopen) return;
    const again = await harness.reopen();
    expect((await again.searchSegments({ terms: ['printer'], meetingIds: ids, from: 0, size: 10 })).total).toBe(1);
    expect((await again.findMeetings(['m-old'])).map((m) => m.name)).toEqual(['Weekly Sync']);
  });
});

describe('OpenSearch search index adapter', () => {
  it('signs every request with SigV4 for the aoss service', async () => {
    const harness = openSearchHarness();
    const index = await harness.open();
    await index.upsertMeeting(older);
    await harness.stop();
    expect(harness.fake!.requests.length).toBeGreaterThan(0);
    for (const r of harness.fake!.requests) expect(r).toMatch(/AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/aoss\/aws4_request$/);
  });
});
