import { namesInLine, suggestSpeakerNames, type SpokenTurn } from '../../../functions/core/speakers/introductions.js';

const turn = (speaker: string, text: string, start: number): SpokenTurn => ({ speaker, text, start });

describe('namesInLine', () => {
  it.each([
    ["Hi all, I'm Sarah from finance.", 'self', 'Sarah'],
    ['Hello, this is Tom.', 'self', 'Tom'],
    ['This is Tom speaking, can everyone hear me?', 'self', 'Tom'],
    ['My name is Priya and I run the clinic.', 'self', 'Priya'],
    ['Thanks, Priya.', 'previous', 'Priya'],
    ['Brilliant, thanks Owen. Can you aim for May?', 'previous', 'Owen'],
    ['That is all from me. Over to you, Dev.', 'next', 'Dev'],
    ['Daniel, could you book the movers by Friday?', 'next', 'Daniel'],
  ])('finds the name in "%s"', (line, whom, name) => {
    expect(namesInLine(line)).toContainEqual({ whom, name });
  });

  it.each([
    "I'm Sorry, I missed that.",
    "I'm going to be late.",
    'This is great news.',
    'This is Tuesday, right?',
    'Thanks everyone.',
    'Agreed, export moves to the next sprint.',
    'Alright, can you book him in?',
    "It's free.",
    'Honestly, you could ask them.',
    'we hired will, the new driver.',
  ])('finds no name in "%s"', (line) => {
    expect(namesInLine(line)).toEqual([]);
  });
});

describe('suggestSpeakerNames', () => {
  it('names the speaker, the one before and the one after, with the line each comes from', () => {
    const turns = [
      turn('Speaker 1', "Morning. I'm Sarah from finance.", 0),
      turn('Speaker 2', 'The budget is done.', 5),
      turn('Speaker 1', 'Thanks, Priya. Over to you, Dev.', 9),
      turn('Speaker 3', 'Right, the roadmap.', 12),
    ];
    const suggestions = suggestSpeakerNames(turns);
    expect(suggestions.map((s) => [s.speaker, s.name])).toEqual([['Speaker 1', 'Sarah'], ['Speaker 2', 'Priya'], ['Speaker 3', 'Dev']]);
    expect(suggestions[1]).toMatchObject({ line: 'Thanks, Priya. Over to you, Dev.', said_by: 'Speaker 1', start: 9 });
  });

  it('suggests nothing for a speaker already carrying the name, and nothing in a meeting without names', () => {
    const turns = [turn('Speaker 1', "I'm Sarah.", 0), turn('Speaker 2', 'Sounds good.', 2)];
    expect(suggestSpeakerNames(turns, { 'Speaker 1': 'Sarah' })).toEqual([]);
    expect(suggestSpeakerNames([turn('Speaker 1', 'Shall we start?', 0), turn('Speaker 2', 'Yes, the budget first.', 2)])).toEqual([]);
  });

  it('gives a name to one speaker only: the one it points at most', () => {
    const turns = [
      turn('Speaker 1', "I'm Tom.", 0), turn('Speaker 2', 'Hello.', 2), turn('Speaker 1', 'Thanks, Tom.', 3), turn('Speaker 2', 'Ok.', 4),
    ];
    const suggestions = suggestSpeakerNames(turns);
    expect(suggestions.filter((s) => s.name === 'Tom').map((s) => s.speaker)).toEqual(['Speaker 1']);
  });
});
