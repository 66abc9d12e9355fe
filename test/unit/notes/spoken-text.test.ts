import { cleanSpoken, ownerOf, taskPhrase, withoutMarks } from '../../../functions/core/notes/spoken-text.js';

describe('spoken text as notes read it', () => {
  it('removes transcriber marks and joins tokenised punctuation and contractions', () => {
    expect(withoutMarks("I 'd like that {disfmarker} this week , to {vocalsound} have a belief - net package @ @ .")).toBe("I'd like that this week, to have a belief-net package.");
  });

  it('drops cut-off words and stutters before the word said in full', () => {
    expect(cleanSpoken('We need the b buttons on the th the front .')).toBe('We need the buttons on the front.');
    expect(cleanSpoken('a apple is not a fragment but I I think so')).toMatch(/^A apple is not a fragment but I think so/);
  });

  it('drops fillers and restarts', () => {
    expect(cleanSpoken('Um , so , you know , we {disfmarker} we should uh check the the cost .')).toBe('We should check the cost.');
  });
});

describe('a task said in the first or second person, as an imperative', () => {
  it.each([
    ["I'll look into the LCD cost.", 'self', 'look into the LCD cost'],
    ['I will probably send the minutes round tomorrow', 'self', 'send the minutes round tomorrow'],
    ["I'm gonna draft the questionnaire.", 'self', 'draft the questionnaire'],
    ['Let me check the figures with finance.', 'self', 'check the figures with finance'],
    ['Can you check the cost of that?', 'addressee', 'check the cost of that'],
    ["You'll work on the components.", 'addressee', 'work on the components'],
    ["We'll meet again next Monday.", 'group', 'meet again next Monday'],
  ] as const)('%s', (sentence, voice, task) => {
    expect(taskPhrase(sentence)).toEqual({ voice, task });
  });

  it('finds no task in a statement', () => {
    expect(taskPhrase('The remote sells for twenty-five euros.')).toBeNull();
  });
});

describe('who owns a task', () => {
  const names = ['Project Manager', 'Marketing', 'Industrial Designer'];
  it('is the speaker for a commitment', () => {
    expect(ownerOf("I'll send it.", 'self', { speaker: 'Marketing', names })).toBe('Marketing');
  });
  it('is the one who answers a request, or the one named in it', () => {
    expect(ownerOf('Can you check the cost?', 'addressee', { speaker: 'Project Manager', answeredBy: 'Marketing', previous: 'Industrial Designer', names })).toBe('Marketing');
    expect(ownerOf('Industrial Designer, can you check the cost?', 'addressee', { speaker: 'Project Manager', answeredBy: 'Marketing', names })).toBe('Industrial Designer');
    expect(ownerOf('Can you check the cost?', 'addressee', { speaker: 'Project Manager', previous: 'Industrial Designer', names })).toBe('Industrial Designer');
  });
  it('is a speaker named as the doer, else the speaker', () => {
    expect(ownerOf('Marketing will look at what users want.', null, { speaker: 'Project Manager', names })).toBe('Marketing');
    expect(ownerOf('The cost needs checking.', null, { speaker: 'Project Manager', names })).toBe('Project Manager');
  });
});
