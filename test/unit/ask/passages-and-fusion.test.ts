import { fuse } from '../../../functions/core/ask/fusion.js';
import { highlightSentences } from '../../../functions/core/ask/highlights.js';
import type { PassageDoc } from '../../../functions/core/ask/model.js';
import { slidePassages, speechPassages } from '../../../functions/core/ask/passages.js';
import { questionTerms } from '../../../functions/core/ask/terms.js';
import { meanVector } from '../../../functions/core/ask/vectors.js';

const turns = (n: number) => Array.from({ length: n }, (_, i) => ({ speaker: `S${i % 2}`, text: `line ${i}`, start: i * 10, end: i * 10 + 9 }));
const doc = (position: number): PassageDoc => ({ meetingId: 'm', kind: 'speech', position, firstTurn: position, lastTurn: position, start: 0, end: 1, lines: [] });

describe('speechPassages', () => {
  it('cuts windows of `window` turns every `stride` turns, the last ending at the last turn, with their times', () => {
    const passages = speechPassages('m', turns(25), { window: 10, stride: 5 });

    expect(passages.map((p) => [p.firstTurn, p.lastTurn])).toEqual([[0, 9], [5, 14], [10, 19], [15, 24]]);
    expect(passages[1]).toMatchObject({ position: 1, start: 50, end: 149, kind: 'speech' });
    expect(passages[1].lines[0]).toEqual({ speaker: 'S1', start: 50, end: 59, text: 'line 5' });
  });

  it('gives a short meeting one passage and an empty one none', () => {
    expect(speechPassages('m', turns(3)).map((p) => [p.firstTurn, p.lastTurn])).toEqual([[0, 2]]);
    expect(speechPassages('m', [])).toEqual([]);
  });
});

describe('slidePassages', () => {
  it('keeps one passage per distinct slide, skipping repeats and frames without words', () => {
    const frame = (timestamp: number, text: string) => ({ timestamp, imageKey: `f${timestamp}.jpg`, words: text ? text.split(' ').map((w) => ({ text: w })) : [] });

    const slides = slidePassages('m', [frame(0, 'Quarterly budget review'), frame(30, 'Quarterly budget review'), frame(45, ''), frame(60, 'Vendor prices 2025')], turns(10));

    expect(slides.map((s) => [s.start, s.end, s.imageKey, s.firstTurn])).toEqual([[0, 60, 'f0.jpg', 0], [60, 60, 'f60.jpg', 6]]);
  });
});

describe('fuse', () => {
  it('adds weighted reciprocal ranks, so a passage high in both lists beats one first in only one', () => {
    const fused = fuse([{ passage: doc(1), score: 9 }, { passage: doc(2), score: 8 }], [{ passage: doc(2), score: 0.9 }, { passage: doc(3), score: 0.8 }], { words: 1, vectors: 1, k: 1 });

    expect(fused.map((f) => f.passage.position)).toEqual([2, 1, 3]);
    expect(fused[0]).toMatchObject({ words: 8, vector: 0.9 });
    expect(fused[0].score).toBeCloseTo(1 / 3 + 1 / 2);
  });
});

describe('fuse with the neighbours\' share', () => {
  it('lifts a passage by a share of its adjacent passages\' scores, not by another meeting\'s', () => {
    const other = { ...doc(2), meetingId: 'elsewhere' };
    const words = [{ passage: doc(5), score: 9 }, { passage: doc(1), score: 8 }, { passage: doc(2), score: 7 }, { passage: other, score: 6 }];

    const plain = fuse(words, [], { words: 1, vectors: 1, k: 1 });
    const lifted = fuse(words, [], { words: 1, vectors: 1, k: 1, neighbours: 0.5 });

    expect(plain.map((f) => f.passage.position)).toEqual([5, 1, 2, 2]);
    // 1 and 2 are adjacent in one meeting: each gains half the other's score; 5 (alone) and the other meeting's 2 do not.
    expect(lifted.find((f) => f.passage.position === 1)!.score).toBeCloseTo(1 / 3 + 0.5 * (1 / 4));
    expect(lifted.find((f) => f.passage.position === 2 && f.passage.meetingId !== 'elsewhere')!.score).toBeCloseTo(1 / 4 + 0.5 * (1 / 3));
    expect(lifted.find((f) => f.passage.meetingId === 'elsewhere')!.score).toBeCloseTo(1 / 5);
    expect(lifted.find((f) => f.passage.position === 5)!.score).toBeCloseTo(1 / 2);
  });
});

describe('highlightSentences', () => {
  it('highlights the sentences sharing the most question words, in text order', () => {
    const text = 'Dana: Good morning. The vendor quoted twelve euros.\nLee: That price is too high! We want a lower price.';

    const ranges = highlightSentences(text, questionTerms('What price did the vendor quote?'));

    expect(ranges.map(([a, b]) => text.slice(a, b))).toEqual(['The vendor quoted twelve euros.', 'Lee: That price is too high!']);
  });

  it('highlights nothing when no sentence shares a word', () => {
    expect(highlightSentences('Dana: Good morning.', questionTerms('What price?'))).toEqual([]);
  });
});

describe('meanVector', () => {
  it('is the unit-length mean of the turns in the range', () => {
    const v = meanVector([Float32Array.of(1, 0), Float32Array.of(0, 1), Float32Array.of(1, 0)], 0, 1);

    expect(Array.from(v).map((x) => x.toFixed(4))).toEqual(['0.7071', '0.7071']);
  });
});
