import { actionItems, capOf, decisions, keyPoints, markSuggestions, MAX_KEY_POINTS, oneReading, peaks } from '../../../functions/adapters/notes-model/decode.js';
import type { Turn } from '../../../functions/adapters/notes-model/features.js';
import type { DraftPoint } from '../../../functions/core/notes/model.js';

const turn = (speaker: string, text: string, at: number): Turn => ({ speaker, said: text, text, start: at, end: at + 1 });
const names: Record<string, string> = { a: 'Project Manager', b: 'Marketing', c: 'Industrial Designer' };
const nameOf = (label: string) => names[label]!;

describe('from turn scores to notes', () => {
  it('keeps the best turn of each run of nearby turns over the threshold, in meeting order', () => {
    expect(peaks([0.1, 0.7, 0.9, 0.6, 0.2, 0.1, 0.1, 0.1, 0.8], 0.5)).toEqual([2, 8]);
    expect(peaks([0.4, 0.3], 0.5)).toEqual([]);
  });

  it('counts turns within the same-item window as one item; a narrower window keeps more', () => {
    const scores = [0.9, 0.1, 0.1, 0.8, 0.1, 0.1, 0.1, 0.1];
    expect(peaks(scores, 0.5)).toEqual([0]);
    expect(peaks(scores, 0.5, Infinity, 2)).toEqual([0, 3]);
  });

  it('takes a turn that says a task as the item over a better-scoring one near it that does not', () => {
    const turns = [
      turn('a', 'Can you send the updated budget to finance by Friday?', 0),
      turn('b', "I'll send it tomorrow.", 1),
      turn('c', 'The marketing campaign starts the week after the launch.', 2),
    ];
    const scores = [0.86, 0.8, 0.9];
    expect(peaks(scores, 0.85)).toEqual([2]);
    expect(peaks(scores, 0.85, Infinity, 3, [true, true, false])).toEqual([0]);
    const items = actionItems(turns, scores, 0.85, nameOf);
    expect(items).toHaveLength(1);
    expect(items[0]!.text).toMatch(/\bsend the updated budget to finance by Friday$/i);
  });

  it('drafts one reading of a turn: of an action item and a decision on the same or adjacent turns, the one clearing its threshold by more', () => {
    const scores = { action: [0.95, 0.1, 0.1, 0.1, 0.6, 0.1, 0.1, 0.1, 0.1], decision: [0.1, 0.8, 0.1, 0.1, 0.1, 0.9, 0.1, 0.1, 0.8] };
    const thresholds = { action: 0.5, decision: 0.7 };
    // Turn 0 (action, margin 0.45) beats turn 1 (decision, 0.1); turn 5 (decision, 0.2) beats turn 4 (action, 0.1); turn 8 stands alone.
    expect(oneReading([0, 4], [1, 5, 8], scores, thresholds)).toEqual({ action: [0], decision: [5, 8] });
  });

  it('keeps at most the cap of a meeting, the best-scoring first, at least one when a rate is set', () => {
    expect(peaks([0.6, 0.1, 0.1, 0.1, 0.9, 0.1, 0.1, 0.1, 0.7], 0.5, 2)).toEqual([4, 8]);
    expect(capOf(1000, 0.005)).toBe(5);
    expect(capOf(10, 0.005)).toBe(1);
    expect(capOf(10, undefined)).toBe(Infinity);
  });

  it('writes an action item with its owner, task in plain words, due date, confidence and the turns it rests on', () => {
    const turns = [
      turn('a', 'Can you check the cost of the LCD display by Friday?', 0),
      turn('b', 'Yeah, sure.', 1),
      turn('c', 'The case is rubber.', 2),
      turn('c', "I'll look into the LCD cost.", 10),
    ];
    const items = actionItems(turns, [0.9, 0.2, 0.1, 0.1], 0.5, nameOf);
    expect(items).toEqual([{ text: 'Marketing: check the cost of the LCD display by Friday', owner: 'Marketing', due: 'Friday', start: 0, end: 2, confidence: 0.9 }]);
    const own = actionItems(turns, [0.1, 0.1, 0.1, 0.66], 0.5, nameOf);
    expect(own).toEqual([{ text: 'Industrial Designer: look into the LCD cost', owner: 'Industrial Designer', due: null, start: 10, end: 11, confidence: 0.66 }]);
  });

  it('writes a decision as one sentence with its confidence', () => {
    const turns = [turn('a', 'so we go with the rubber case', 0), turn('b', 'Fine.', 1)];
    expect(decisions(turns, [0.8, 0.1], 0.5)).toEqual([{ text: 'So we go with the rubber case.', start: 0, end: 1, confidence: 0.8 }]);
  });

  it('gives at most eight key points, one per stretch of the meeting, in order', () => {
    const turns = Array.from({ length: 100 }, (_, i) => turn('a', `Point number ${i} about the remote control design.`, i));
    const scores = turns.map((_, i) => (i % 10) / 10);
    const points = keyPoints(turns, scores);
    expect(points).toHaveLength(MAX_KEY_POINTS);
    const starts = points.map((p) => p.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts.map((s) => Math.floor(s / 12.5))).size).toBe(MAX_KEY_POINTS);
  });
});

describe('suggestions', () => {
  it('marks the points scoring under the cut, leaves the rest and any point without a score alone; no cut marks nothing', () => {
    const points: DraftPoint[] = [{ text: 'a', start: 0, end: 1, confidence: 0.9 }, { text: 'b', start: 0, end: 1, confidence: 0.95 }, { text: 'c', start: 0, end: 1 }];
    expect(markSuggestions(points, 0.93).map((p) => p.suggested)).toEqual([true, undefined, undefined]);
    expect(markSuggestions(points, undefined).map((p) => p.suggested)).toEqual([undefined, undefined, undefined]);
  });
});
