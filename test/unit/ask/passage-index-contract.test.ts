import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@opensearch-project/opensearch';
import { AwsSigv4Signer } from '@opensearch-project/opensearch/aws-v3';
import { EmbeddedPassageIndex } from '../../../functions/adapters/passage-index/embedded.js';
import { createOpenSearchPassageIndex } from '../../../functions/adapters/passage-index/opensearch.js';
import type { IndexedPassage, PassageIndex, PassageKind } from '../../../functions/core/ask/model.js';
import { normalised } from '../../../functions/core/embeddings/model.js';
import { questionTerms } from '../../../functions/core/ask/terms.js';
import { startFakeOpenSearch, type FakeOpenSearch } from '../search/fake-opensearch.js';

const passage = (meetingId: string, kind: PassageKind, position: number, text: string, vector: number[]): IndexedPassage => ({
  meetingId, kind, position, firstTurn: position * 5, lastTurn: position * 5 + 9, start: position * 30, end: position * 30 + 60,
  lines: [{ speaker: kind === 'slide' ? '' : 'Dana', start: position * 30, end: position * 30 + 60, text }],
  ...(kind === 'slide' ? { imageKey: `artefacts/${meetingId}/frames/${position}.jpg` } : {}), vector: normalised(vector),
});

const budget = [
  passage('m-1', 'speech', 0, 'We opened with the agenda and the weather.', [1, 0, 0]),
  passage('m-1', 'speech', 1, 'The vendor quoted a price of twelve euros per remote; the price is too high.', [0, 1, 0]),
  passage('m-1', 'speech', 2, 'Marketing wants a yellow case with a fruit theme.', [0, 0, 1]),
];
const other = [passage('m-2', 'speech', 0, 'Price price price: the vendor price list.', [0, 1, 0.01])];

interface Harness { name: string; open(): Promise<PassageIndex>; reopen?(): Promise<PassageIndex>; stop(): Promise<void> }

function embeddedHarness(): Harness {
  let dir = '';
  return {
    name: 'embedded (BM25 postings + int8 vectors)',
    async open() { dir = await mkdtemp(path.join(os.tmpdir(), 'passage-index-')); return new EmbeddedPassageIndex(dir); },
    async reopen() { return new EmbeddedPassageIndex(dir); },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

function openSearchHarness(): Harness {
  let fake: FakeOpenSearch | undefined;
  return {
    name: 'OpenSearch (wire-format fake)',
    async open() {
      fake = await startFakeOpenSearch();
      const client = new Client({
        ...AwsSigv4Signer({ region: 'us-east-1', service: 'aoss', getCredentials: async () => ({ accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }) }),
        node: fake.url,
      });
      return createOpenSearchPassageIndex(client, 'test-', 3);
    },
    stop: async () => { await fake?.stop(); },
  };
}

const positions = (hits: ReadonlyArray<{ passage: { meetingId: string; position: number } }>) => hits.map((h) => `${h.passage.meetingId}:${h.passage.position}`);

describe.each([embeddedHarness(), openSearchHarness()])('PassageIndex contract: $name', (harness) => {
  let index: PassageIndex;

  beforeEach(async () => {
    index = await harness.open();
    await index.replacePassages('m-1', 'speech', budget);
    await index.replacePassages('m-2', 'speech', other);
  });
  afterEach(() => harness.stop());

  it('ranks the passages holding the question words by BM25, only in the meetings asked', async () => {
    const hits = await index.matchWords({ terms: questionTerms('What price did the vendor quote?'), meetingIds: ['m-1'], limit: 10 });

    expect(positions(hits)).toEqual(['m-1:1']);
    expect(hits[0].score).toBeGreaterThan(0);
    expect(hits[0].passage.lines[0]).toEqual({ speaker: 'Dana', start: 30, end: 90, text: budget[1].lines[0].text });
  });

  it('ranks by cosine to the question vector, and never returns a meeting not asked even when it is closer', async () => {
    const hits = await index.nearest({ vector: normalised([0.1, 1, 0]), meetingIds: ['m-1'], limit: 2 });

    expect(positions(hits)).toEqual(['m-1:1', 'm-1:0']);
    expect(hits[0].score).toBeCloseTo(0.995, 3);
    expect(hits[1].score).toBeCloseTo(0.0995, 3);
  });

  it('finds nothing for no meetings', async () => {
    expect(await index.matchWords({ terms: questionTerms('price'), meetingIds: [], limit: 10 })).toEqual([]);
    expect(await index.nearest({ vector: normalised([0, 1, 0]), meetingIds: [], limit: 10 })).toEqual([]);
  });

  it('replaces one kind of passages and keeps the other kind', async () => {
    await index.replacePassages('m-1', 'slide', [passage('m-1', 'slide', 0, 'Quarterly price table', [0, 1, 0])]);
    await index.replacePassages('m-1', 'speech', [budget[2]].map((p) => ({ ...p, position: 0 })));

    const words = await index.matchWords({ terms: questionTerms('price'), meetingIds: ['m-1'], limit: 10 });
    const near = await index.nearest({ vector: normalised([0, 0, 1]), meetingIds: ['m-1'], limit: 10 });

    expect(words.map((h) => `${h.passage.kind}:${h.passage.position}`)).toEqual(['slide:0']);
    expect(words[0].passage.imageKey).toBe('artefacts/m-1/frames/0.jpg');
    expect(near.map((h) => `${h.passage.kind}:${h.passage.position}`).sort()).toEqual(['slide:0', 'speech:0']);
  });

  it("removes every passage of a meeting and leaves the others'", async () => {
    await index.replacePassages('m-1', 'slide', [passage('m-1', 'slide', 0, 'Quarterly price table', [0, 1, 0])]);
    await index.removePassages('m-1');
    await index.removePassages('unknown');

    expect(await index.matchWords({ terms: questionTerms('price'), meetingIds: ['m-1', 'm-2'], limit: 10 })).toHaveLength(1);
    expect(positions(await index.nearest({ vector: normalised([0, 1, 0]), meetingIds: ['m-1', 'm-2'], limit: 10 }))).toEqual(['m-2:0']);
  });

  if (harness.reopen) {
    it('keeps passages and vectors across a restart', async () => {
      const reopened = await harness.reopen!();

      const near = await reopened.nearest({ vector: normalised([0, 0, 1]), meetingIds: ['m-1'], limit: 1 });

      expect(positions(near)).toEqual(['m-1:2']);
      expect(near[0].score).toBeCloseTo(1, 5);
      expect(positions(await reopened.matchWords({ terms: questionTerms('yellow'), meetingIds: ['m-1'], limit: 5 }))).toEqual(['m-1:2']);
    });
  }
});
