import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { EmbeddedPassageIndex, PASSAGE_BM25 } from '../../../functions/adapters/passage-index/embedded.js';
import { distinctLines } from '../../../functions/adapters/passage-index/meeting-passages.js';
import { dequantisedRow, dotRow, dotRows, quantiseRows } from '../../../functions/adapters/passage-index/quantised-vectors.js';
import { passageText, type IndexedPassage } from '../../../functions/core/ask/model.js';
import { speechPassages, type TimedTurn } from '../../../functions/core/ask/passages.js';
import { passageTerms, questionTerms } from '../../../functions/core/ask/terms.js';
import { normalised } from '../../../functions/core/embeddings/model.js';

let seed = 7;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
const unitVector = (n: number) => normalised(Float32Array.from({ length: n }, gaussian));
const exactDot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((s, v, i) => s + v * b[i], 0);

const WORDS = ('price vendor remote budget case yellow fruit design battery button speech screen market survey cost ' +
  'plastic rubber prototype meeting deadline marketing engineering interface chip curved shape logo colour trend').split(' ');
const turns = (n: number): TimedTurn[] => Array.from({ length: n }, (_, i) => ({
  speaker: ['Dana', 'Project Manager', 'Marketing'][i % 3], start: i * 5, end: i * 5 + 4,
  text: Array.from({ length: 3 + Math.floor(random() * 12) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' '),
}));
const withVectors = (meetingId: string, n: number): IndexedPassage[] =>
  speechPassages(meetingId, turns(n)).map((p) => ({ ...p, vector: unitVector(16) }));

describe('int8 passage vectors', () => {
  it('gives every component back within half a step of its scale', () => {
    const vectors = Array.from({ length: 50 }, () => unitVector(512));

    const rows = quantiseRows(vectors, 512);

    vectors.forEach((v, i) => {
      const back = dequantisedRow(rows, i);
      const worst = Math.max(...Array.from(v, (x, j) => Math.abs(x - back[j])));
      expect(worst).toBeLessThanOrEqual(rows.scales[i] / 2 + 1e-7);
    });
  });

  it('keeps the cosine of unit vectors within its bound, and within 0.005 on 512 dimensions', () => {
    const vectors = Array.from({ length: 200 }, () => unitVector(512));
    const rows = quantiseRows(vectors, 512);
    const query = unitVector(512);
    const l1 = Array.from(query).reduce((s, v) => s + Math.abs(v), 0);

    const errors = vectors.map((v, i) => ({ error: Math.abs(dotRow(rows, i, query) - exactDot(query, v)), bound: (rows.scales[i] / 2) * l1 }));

    for (const { error, bound } of errors) {
      expect(error).toBeLessThanOrEqual(bound);
      expect(error).toBeLessThan(0.005);
    }
  });

  it('scores every row at once as row by row, whatever the dimensions', () => {
    for (const dimensions of [512, 7, 3]) {
      const rows = quantiseRows(Array.from({ length: 20 }, () => unitVector(dimensions)), dimensions);
      const query = unitVector(dimensions);
      const out = new Float64Array(20);

      dotRows(rows, Float64Array.from(query), out);

      out.forEach((score, i) => expect(score).toBeCloseTo(dotRow(rows, i, query), 9));
    }
  });

  it('holds a zero vector as zero', () => {
    const rows = quantiseRows([new Float32Array(8)], 8);

    expect(rows.scales[0]).toBe(0);
    expect(dotRow(rows, 0, unitVector(8))).toBe(0);
  });
});

describe('passage lines', () => {
  it('holds each line of overlapping windows once, each passage a range of them', () => {
    const passages = speechPassages('m-1', turns(40));

    const { lines, ranges } = distinctLines(passages);

    expect(lines).toHaveLength(40);
    expect(ranges.map((r) => [r.first, r.first + r.count - 1])).toEqual(passages.map((p) => [p.firstTurn, p.lastTurn]));
  });

  it('gives a passage that does not continue the table lines of its own', () => {
    const passages = speechPassages('m-1', turns(12));
    const odd = { lines: [passages[0].lines[0], { ...passages[0].lines[1], text: 'something else' }] };

    const { lines, ranges } = distinctLines([...passages, odd]);

    expect(ranges.at(-1)).toEqual({ first: 12, count: 2 });
    expect(lines).toHaveLength(14);
  });
});

describe('EmbeddedPassageIndex', () => {
  let dir = '';
  beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'passage-storage-')); });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("scores words as MiniSearch's BM25+ did, across meetings of overlapping passages", async () => {
    const meetings = ['m-1', 'm-2', 'm-3'].map((id) => ({ id, passages: withVectors(id, 60 + Math.floor(random() * 40)) }));
    const index = new EmbeddedPassageIndex(dir);
    for (const m of meetings) await index.replacePassages(m.id, 'speech', m.passages);
    const all = meetings.flatMap((m) => m.passages);
    const mini = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], storeFields: [], tokenize: (t) => (t ? t.split(' ') : []),
      processTerm: (t) => t });
    mini.addAll(all.map((p, id) => ({ id, text: passageTerms(passageText(p)).join(' ') })));

    for (const question of ['What did marketing say about the price of the remote?', 'yellow curved case', 'battery chip cost deadline']) {
      const terms = questionTerms(question);
      const ours = await index.matchWords({ terms, meetingIds: ['m-1', 'm-3'], limit: 20 });
      const theirs = mini.search(terms.join(' '), { combineWith: 'OR', prefix: false, fuzzy: false, bm25: PASSAGE_BM25,
        boostDocument: (id) => (all[id as number].meetingId === 'm-2' ? 0 : 1) }).slice(0, 20);

      expect(ours.map((h) => `${h.passage.meetingId}:${h.passage.position}`)).toEqual(theirs.map((r) => `${all[r.id].meetingId}:${all[r.id].position}`));
      ours.forEach((h, i) => expect(h.score).toBeCloseTo(theirs[i].score, 9));
    }
  });

  it('reads a meeting written before int8 (float32 vectors) and writes it as int8 on its next change', async () => {
    const speech = withVectors('m-1', 30);
    const floats = new Float32Array(speech.length * 16);
    speech.forEach((p, i) => floats.set(p.vector, i * 16));
    await mkdir(path.join(dir, 'passages'), { recursive: true });
    const file = path.join(dir, 'passages', 'm-1.json');
    await writeFile(file, JSON.stringify({ passages: speech.map(({ vector: _v, ...doc }) => doc), dimensions: 16,
      vectors: Buffer.from(floats.buffer).toString('base64') }));
    const index = new EmbeddedPassageIndex(dir);

    const near = await index.nearest({ vector: speech[3].vector, meetingIds: ['m-1'], limit: 1 });
    await index.replacePassages('m-1', 'slide', [{ ...speech[0], kind: 'slide', position: 0, imageKey: 'artefacts/m-1/frames/0.jpg',
      vector: unitVector(16) }]);
    const written = JSON.parse(await readFile(file, 'utf8'));
    const reopened = await new EmbeddedPassageIndex(dir).nearest({ vector: speech[3].vector, meetingIds: ['m-1'], limit: 1 });

    const { vector: _vector, ...doc } = speech[3];
    expect(near[0].passage).toEqual(doc);
    expect(near[0].score).toBeCloseTo(1, 2);
    expect(written.version).toBe(2);
    expect(written.passages).toHaveLength(speech.length + 1);
    expect(reopened[0].passage.position).toBe(3);
    expect(reopened[0].score).toBeCloseTo(near[0].score, 6);
  });
});
