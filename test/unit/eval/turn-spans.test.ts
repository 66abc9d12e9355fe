import { predictionOf, turnSpan } from '../../../scripts/eval-notes/turn-spans.js';

// Back-to-back lines as an import without times makes them: 5 words (2 s), 1 word (1 s), an empty turn (1 s), 3 words (1.2 s).
const LINES = [{ start: 0, end: 2 }, { start: 2, end: 3 }, { start: 3, end: 4 }, { start: 4, end: 5.2 }];

describe('turnSpan', () => {
  it('maps a time range to the lines it rests on, shared edges going to the line that starts or ends there', () => {
    expect(turnSpan(LINES, 0, 2)).toEqual([0, 0]);
    expect(turnSpan(LINES, 0.4, 0.8)).toEqual([0, 0]);
    expect(turnSpan(LINES, 2, 3)).toEqual([1, 1]);
    expect(turnSpan(LINES, 1.6, 5.2)).toEqual([0, 3]);
    expect(turnSpan(LINES, 4.4, 4.8)).toEqual([3, 3]);
  });

  it('tolerates the notes\' rounding to 0.01 s', () => {
    expect(turnSpan([{ start: 0, end: 1.333 }, { start: 1.333, end: 2.667 }], 1.33, 2.67)).toEqual([1, 1]);
  });
});

describe('predictionOf', () => {
  it('turns the notes answer into score-notes.mjs\'s prediction shape', () => {
    const range = (start_time: number, end_time: number) => ({ start_time, end_time });
    const prediction = predictionOf({
      overview: 'O', summary: ['a', 'b'], timestamp_ranges: [range(0, 2), range(4, 5.2)],
      decisions: [{ content: 'd', timestamp_range: range(2, 3) }],
      action_items: [{ content: 'x', owner: 'Marketing', timestamp_range: range(0.4, 3) }],
    }, LINES);
    expect(prediction).toEqual({
      overview: 'O', summary: [{ turns: [0, 0], text: 'a' }, { turns: [3, 3], text: 'b' }],
      decisions: [{ turns: [1, 1], text: 'd' }], action_items: [{ turns: [0, 1], owner: 'Marketing', text: 'x' }],
    });
  });
});
