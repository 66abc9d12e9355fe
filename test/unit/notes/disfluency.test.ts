import { cleanSentence, hasFiller, isBroken } from '../../../functions/core/notes/disfluency.js';

describe('cleanSentence', () => {
  it.each([
    ["Okay, so, um, let's review the the mobile launch, you know.", "Let's review the mobile launch."],
    ['Yes, um, the printing press has a worn roller.', 'The printing press has a worn roller.'],
    ['so i i think we need we need to fix the th- the roller', 'I think we need to fix the roller'],
    ['The recycled paper is cheaper, and, you know, customers like it.', 'The recycled paper is cheaper, and customers like it.'],
    ['Well I mean the storm felt rushed, right?', 'The storm felt rushed.'],
    ['Uh, the uh budget is, erm, fine.', 'The budget is fine.'],
    ['Can you finish the jackets first, eh, Grace?', 'Can you finish the jackets first Grace?'],
  ])('cleans %j', (raw, clean) => {
    expect(cleanSentence(raw)).toBe(clean);
  });

  it('leaves the verb "like" and a clean sentence alone', () => {
    expect(cleanSentence('I like the blue design.')).toBe('I like the blue design.');
  });

  it('gives an empty string for a sentence of fillers only', () => {
    expect(cleanSentence('Uh-huh.')).toBe('');
    expect(cleanSentence('um, uh, you know')).toBe('');
  });
});

describe('hasFiller and isBroken', () => {
  it('spots fillers but not words that contain them', () => {
    expect(hasFiller('We should, um, ship it.')).toBe(true);
    expect(hasFiller('You know the budget is tight.')).toBe(true);
    expect(hasFiller('The umbrella and the drum are in the hummer.')).toBe(false);
  });

  it('calls a sentence broken when it is a fragment or stops on a word that needs more', () => {
    expect(isBroken('The plan.')).toBe(true);
    expect(isBroken('We will send the report to the')).toBe(true);
    expect(isBroken('The budget covers the new printing press.')).toBe(false);
    expect(isBroken('The customers like it.')).toBe(false);
  });
});
