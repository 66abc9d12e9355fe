import type { Sentence } from '../../../functions/core/insights/transcript.js';
import { CUE_NAMES, cueFeatures, featureRows, netInput, rowLength, ruleHitsOf, turnsOf } from '../../../functions/adapters/notes-model/features.js';

const s = (text: string, start: number, end: number, speaker: string): Sentence => ({ text, start, end, speaker });
const MEETING: Sentence[] = [
  s('Okay , so {disfmarker} the remote .', 0, 2, 'spk_0'),
  s('Can you check the cost of the LCD ?', 2, 4, 'spk_0'),
  s("Yeah , I 'll look into it by Friday .", 4, 6, 'spk_1'),
  s('We decided on the rubber case .', 6, 8, 'spk_2'),
];
const cue = (row: readonly number[], name: (typeof CUE_NAMES)[number]) => row[CUE_NAMES.indexOf(name)];

describe('turns and their features', () => {
  it('joins consecutive sentences of one speaker into a turn, without marks, and cleaned for reading', () => {
    const turns = turnsOf(MEETING);
    expect(turns.map((t) => [t.speaker, t.start, t.end])).toEqual([['spk_0', 0, 4], ['spk_1', 4, 6], ['spk_2', 6, 8]]);
    expect(turns[0]!.said).toBe('Okay, so the remote. Can you check the cost of the LCD?');
    expect(turns[1]!.text).toBe("I'll look into it by Friday.");
  });

  it('computes the cues of each turn: questions, answers, task phrasing, due dates, position, rule picks', () => {
    const turns = turnsOf(MEETING);
    const rules = ruleHitsOf(turns, { overview: 'x', summary: [], actionItems: [{ text: 'look into it', start: 4.5, end: 5.5 }], decisions: [{ text: 'rubber', start: 6, end: 8 }] });
    const cues = cueFeatures(turns, rules);
    expect(cues.every((row) => row.length === CUE_NAMES.length)).toBe(true);
    expect(cue(cues[0]!, 'question')).toBe(1);
    expect(cue(cues[0]!, 'addressee task')).toBe(1);
    expect(cue(cues[0]!, 'next accepts')).toBe(1);
    expect(cue(cues[0]!, 'next commits')).toBe(1);
    expect(cue(cues[1]!, 'next commits')).toBe(0);
    expect(cue(cues[1]!, 'previous is question')).toBe(1);
    expect(cue(cues[1]!, 'self task')).toBe(1);
    expect(cue(cues[1]!, 'due date')).toBe(1);
    expect(cue(cues[1]!, 'rules: action')).toBe(1);
    expect(cue(cues[0]!, 'rules: action')).toBe(0);
    expect(cue(cues[0]!, 'rules: action near')).toBe(1);
    expect(cue(cues[2]!, 'decision words')).toBe(1);
    expect(cue(cues[2]!, 'rules: decision')).toBe(1);
    expect(cues.map((row) => cue(row, 'position'))).toEqual([0, 0.5, 1]);
  });

  it('puts each turn embedding, the mean of its neighbours, the previous and next embeddings, the cues of five turns and the meeting cues in one row', () => {
    const e = (x: number) => Float32Array.from([x, 0]);
    const rows = featureRows([e(1), e(2), e(4)], [[7], [8], [9]]);
    const meeting = [Math.log1p(3), 0, 0, 8];
    const expected = [
      [1, 0, 3, 0, 0, 0, 2, 0, 7, 0, 0, 8, 9, ...meeting],
      [2, 0, 2.5, 0, 1, 0, 4, 0, 8, 0, 7, 9, 0, ...meeting],
      [4, 0, 1.5, 0, 2, 0, 0, 0, 9, 7, 8, 0, 0, ...meeting],
    ];
    rows.forEach((row, i) => expect([...row].map((x) => Math.round(x * 1e5) / 1e5)).toEqual(expected[i]!.map((x) => Math.round(x * 1e5) / 1e5)));
    expect(rowLength(2)).toBe(4 * 2 + 5 * CUE_NAMES.length + 4);
  });

  it('gives a net each embedding block projected and the cues as they are', () => {
    const row = Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 70, 71]);
    expect([...netInput(row, 2)]).toEqual([...row]);
    const projection = { mean: [1, 0], components: [[1, 0]] };
    expect([...netInput(row, 2, projection)]).toEqual([0, 2, 4, 6, 70, 71]);
  });
});
