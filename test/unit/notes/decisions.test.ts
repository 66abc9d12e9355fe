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
      .toEqual([{ text: 'Move the offsite to Lisbon in May.', start: 0, end: 9 }]);
  });

  it.each([
    'After looking at the numbers, the plan is to raise prices by five percent.',
    'Our final answer is to keep the old logo.',
    "Okay, it's settled then.",
    'The board voted to sell the van.',
    'We both agree, the party is on Friday.',
    'Right, Tuesday it is.',
    "Let's drop the lamb dish from the menu.",
    'Then we keep the current colour scheme.',
    "So we'll move the stand-up to ten o'clock.",
    'Good, then the launch is postponed by a month.',
    "We'll go ahead with the cheaper quote.",
    'We settled on the science museum, and can I leave the coach booking with you?',
  ])('takes the group\'s agreement or commitment "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "Let's start with the budget.",
    "Let's see how many people sign up first.",
    'So we have a problem with the printer.',
    'Then we need to talk to the landlord.',
    "Okay, we can't ship on Monday.",
    "That's what it is.",
    'The plan is not decided yet.',
    'Should we move the launch?',
    'Fine, we could try the other supplier.',
  ])('does not take the statement, process talk or open question "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('takes a proposal another speaker accepts, but not one they turn down or just answer with a question', () => {
    expect(findDecisions([s('Should we switch the newsletter to monthly?', 'spk_0', 0), s('Yes.', 'spk_1', 5)]))
      .toEqual([{ text: 'Switch the newsletter to monthly.', start: 0, end: 9 }]);
    expect(findDecisions([s('I suggest the first Sunday of June for the open day.', 'spk_0', 0), s('Sounds good.', 'spk_1', 5)]))
      .toEqual([{ text: 'The first Sunday of June for the open day.', start: 0, end: 9 }]);
    expect(findDecisions([s('Should we switch the newsletter to monthly?', 'spk_0', 0), s('No, readers like it weekly.', 'spk_1', 5)])).toEqual([]);
    expect(findDecisions([s('How about the blue design?', 'spk_0', 0), s('Is it ready?', 'spk_1', 5)])).toEqual([]);
    // The proposer's own follow-up is not an acceptance.
    expect(findDecisions([s('Should we switch the newsletter to monthly?', 'spk_0', 0), s('Yes, I think so.', 'spk_0', 5)])).toEqual([]);
  });

  it('takes a restatement of a proposal by another speaker as the decision, in the restater\'s words', () => {
    expect(findDecisions([s('About the open day, I suggest the first Sunday of June.', 'spk_1', 0), s('The open day is on the first Sunday of June.', 'spk_0', 5)]))
      .toEqual([{ text: 'The open day is on the first Sunday of June.', start: 0, end: 9 }]);
  });

  it('keeps a decision in a clause before a question, and a clause joined to a decision by "and we"', () => {
    expect(findDecisions([s('We settled on the science museum, and can I leave the coach booking with you?', 'spk_0', 0)]))
      .toEqual([{ text: 'The science museum.', start: 0, end: 4 }]);
    expect(findDecisions([s('Then we keep the colour scheme, and we launch the home page before the search feature.', 'spk_0', 0)]).map((d) => d.text))
      .toEqual(['We keep the colour scheme.', 'We launch the home page before the search feature.']);
    expect(findDecisions([s('Then we keep the colour scheme.', 'spk_0', 0), s("And we'll launch the home page first.", 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['We keep the colour scheme.', "We'll launch the home page first."]);
  });
});
