import { decisionText, findDecisions, isDecision } from '../../../functions/core/notes/decisions.js';

const s = (text: string, speaker: string, start: number) => ({ text, speaker, start, end: start + 4 });

describe('decisions', () => {
  it.each([
    'We agreed to hire the moving company from Leeds.',
    "Alright, we decided to move the release date to March.",
    "Then let's go with the blue design.",
    "We're going with the cheaper printer.",
    'The decision is to keep the office open on Fridays.',
    "Then we're agreed: two-factor login becomes required.",
    'Agreed, the open day is on the first Sunday of June.',
    "Fine, we'll hire an outside firm for the test.",
  ])('takes "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "We haven't decided on the venue yet.",
    'We need to decide on the budget.',
    'Did we agree on the date?',
    'Let us talk about the budget.',
    'The team agreed with the customer last year that it was a hard quarter?',
    "Okay, we'll need to look at the budget again.",
    "So we'll see how the test goes.",
  ])('does not take "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('writes a decision without its marker when enough remains', () => {
    expect(decisionText('Good, so we agreed to hire the moving company from Leeds.')).toBe('Hire the moving company from Leeds.');
    expect(decisionText("Then let's go with the blue onboarding design.")).toBe('Go with the blue onboarding design.');
    expect(decisionText("It's decided.")).toBe("It's decided.");
    expect(decisionText('Agreed, the open day is on the first Sunday of June.')).toBe('The open day is on the first Sunday of June.');
  });

  it('takes a bare agreement\'s content from the same speaker\'s next sentence, or else from the proposal it answers', () => {
    expect(findDecisions([s('Then we agreed.', 'spk_0', 0), s('We will switch to the recycled paper supplier.', 'spk_0', 5)]))
      .toEqual([{ text: 'We will switch to the recycled paper supplier.', start: 0, end: 9 }]);
    expect(findDecisions([s('How about we move the offsite to Lisbon in May.', 'spk_1', 0), s('Agreed.', 'spk_0', 5)]))
      .toEqual([{ text: 'How about we move the offsite to Lisbon in May.', start: 0, end: 9 }]);
  });
});
