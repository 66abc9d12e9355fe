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
    'Right, picking starts on the fifteenth then.',
    "Okay, seven o'clock then.",
    "Then it's the barn by the river.",
    "One more thing, we're keeping the two-week sprint length, no change there.",
    "Then we're passing the piano move to Keys and Castors, the specialist firm.",
    "I know, so we're going to run the finance offer through to the third year.",
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
    'Okay, I will call them then.',
    'Right, we had a good year then.',
    "Then it's the end of the meeting.",
    'Then?',
    "Let's leave that for next week, when we can see what's finished.",
    "No, let's leave the trailer music until we've seen the new cut.",
    "Yes, we'll hold parking permits over.",
    "It's too early to call.",
    'Fine, next meeting then.',
    "So we're running late.",
    "We're keeping an eye on the budget.",
    "Let's decide that once this month is closed.",
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
    'Good, the old price it stays.',
    'So the long route it is, with a stop at the café.',
    'Nobody parks in the loading bay during deliveries.',
    'Right, no one signs for a parcel without checking it.',
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
    'Nobody knows where the spare keys went.',
    'No one is really using the old form.',
    'Nobody wants another Friday deadline?',
    'The van is old, and it is what it is.',
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

  it('takes "I\'m happy with X" put to the others and answered "No, that works." as a decision, without the put question', () => {
    const found = findDecisions([s("I'm happy with one shared stall, if no one is against it.", 'W', 0), s('No, that works.', 'B', 4)]);
    expect(found.map((d) => d.text)).toEqual(['One shared stall.']);
    expect(findDecisions([s("I'm happy with one shared stall.", 'W', 0), s('Anyone against it?', 'W', 4), s('No, that works.', 'B', 8)]).map((d) => d.text)).toEqual(['One shared stall.']);
    expect(findDecisions([s("I'm happy with one shared stall.", 'W', 0), s('No, I would rather pay for two.', 'B', 4)])).toEqual([]);
  });

  it('does not take a postponement for a decision, asked for or agreed to', () => {
    expect(findDecisions([s('Can we hold it over to the next meeting?', 'A', 0), s('Yes.', 'B', 4)])).toEqual([]);
    expect(findDecisions([s('Agreed.', 'A', 0), s("It's too early to call.", 'A', 4)])).toEqual([]);
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
  it.each([
    ['From now on, invoices go out on the first of every month.', 'Invoices go out on the first of every month.'],
    // "From now on" as a small speech engine hears it.
    ['From how on, the back door stays locked after six.', 'The back door stays locked after six.'],
    ["Expense claims have to be in within thirty days, that's the rule.", 'Expense claims have to be in within thirty days.'],
    ["We'll open a second check-in desk on Fridays from next week.", "We'll open a second check-in desk on Fridays from next week."],
    ['Going forward, the cash box is counted by two people.', 'The cash box is counted by two people.'],
    ['Deliveries only arrive before eight in the morning, starting next week.', 'Deliveries only arrive before eight in the morning, starting next week.'],
  ])('takes a rule or standing arrangement "%s" for a decision, written "%s"', (text, written) => {
    expect(isDecision(text)).toBe(true);
    expect(findDecisions([s(text, 'spk_0', 0)]).map((d) => d.text)).toEqual([written]);
  });

  it.each([
    "I'll start sending the reports from next week.",
    'From now on, could we meet a bit earlier?',
    'Maybe from next month we could try a later start.',
    'Prices have gone up a lot since last spring.',
    'The new rules started last month and nobody read them.',
    "If we hire more staff from next week, we'll need a bigger room.",
    'We should think about a new rule for the car park from next year.',
    'We have six new workers starting Monday.',
  ])('does not take the commitment, question, hedge, past event, hypothetical or musing "%s" for a decision', (text) => {
    expect(findDecisions([s(text, 'spk_0', 0)])).toEqual([]);
  });

  it('takes an acceptance said as its own sentence ("Good idea.", "Yes.") followed by what the group does, whoever the turn is labelled to', () => {
    const proposal = s('A second check-in desk on Fridays would halve the queue.', 'spk_1', 0);
    for (const speaker of ['spk_0', 'spk_1']) {
      expect(findDecisions([proposal, s('Good idea.', speaker, 5), s("We'll open a second check-in desk on Fridays.", speaker, 7)]).map((d) => d.text))
        .toEqual(["We'll open a second check-in desk on Fridays."]);
    }
    expect(findDecisions([s('Could deliveries come before eight instead?', 'spk_1', 0), s('Yes.', 'spk_0', 5), s('Deliveries only come before eight in the morning.', 'spk_0', 7)]).map((d) => d.text))
      .toEqual(['Deliveries only come before eight in the morning.']);
    expect(findDecisions([s('For the front page there are two candidates, the flood story or the new mayor.', 'spk_0', 0), s('You\'re right.', 'spk_1', 5), s('The flood story goes on the front page.', 'spk_1', 7)]).map((d) => d.text))
      .toEqual(['The flood story goes on the front page.']);
    expect(findDecisions([s('The gym sounds better to me.', 'spk_1', 0), s('Alright, the concert moves to the school gym.', 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['The concert moves to the school gym.']);
  });

  it('does not take an acceptance followed by a report, a task or a need for a decision', () => {
    expect(findDecisions([s('Did the oven break again?', 'spk_1', 0), s('Yes.', 'spk_0', 5), s('The oven broke again on Monday.', 'spk_0', 7)])).toEqual([]);
    expect(findDecisions([s('Good idea.', 'spk_0', 0), s("We'll need to look at the budget again.", 'spk_0', 5)])).toEqual([]);
    expect(findDecisions([s('Could you send the deck?', 'spk_1', 0), s('Yes.', 'spk_0', 5), s("I'll send the deck tonight.", 'spk_0', 7)])).toEqual([]);
  });

  it('takes a bare "Yes." right after a proposal as its acceptance even when diarization gave it the proposer\'s label', () => {
    expect(findDecisions([s('Should we switch the newsletter to monthly?', 'spk_0', 0), s('Yes.', 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['Switch the newsletter to monthly.']);
  });

  it.each([
    "Good idea, we'll open a second check-in desk on Fridays.",
    'You\'re right, the flood story goes on the front page.',
    "Fair enough, we'll keep the organic flour for the sourdough.",
    'Sounds good, then the launch is postponed by a month.',
  ])('takes an agreement phrase followed by what the group does, "%s", for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "Good idea, we'll need to check the budget first.",
    "You're right, the printer broke again last week.",
    'Fair enough, we could ask the landlord.',
  ])('does not take an agreement phrase followed by a need, a report or a hedge, "%s", for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('takes the statement after an accepted proposal as the decision, in its own words, once', () => {
    expect(findDecisions([
      s('What if we kept a bigger buffer in the fridge?', 'spk_1', 0), s('Say twenty doses instead of ten.', 'spk_1', 3),
      s('Good idea.', 'spk_0', 6), s("We'll keep twenty doses of the vaccine in stock from now on.", 'spk_0', 8),
    ]).map((d) => d.text)).toEqual(["We'll keep twenty doses of the vaccine in stock from now on."]);
    // With nothing settled after the yes, the proposal is the decision.
    expect(findDecisions([s('What if we kept a bigger buffer in the fridge?', 'spk_1', 0), s('Good idea.', 'spk_0', 6), s('The supplier needs a week.', 'spk_2', 8)]).map((d) => d.text))
      .toEqual(['Kept a bigger buffer in the fridge.']);
  });

  it('takes "That\'s the rule." after a decision as its tag, not a decision of its own', () => {
    expect(findDecisions([s('From now on, no crane lifts when the wind is above thirty miles an hour.', 'spk_0', 0), s("That's the rule.", 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['No crane lifts when the wind is above thirty miles an hour.']);
    expect(findDecisions([s('No crane lifts when the wind is above thirty miles an hour.', 'spk_0', 0), s("That's the rule.", 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['No crane lifts when the wind is above thirty miles an hour.']);
  });

  it('does not repeat one decision when its proposal is accepted and then restated', () => {
    expect(findDecisions([s('We could bake a second batch in the afternoon.', 'spk_1', 0), s("Yes, let's do that.", 'spk_0', 5), s('A second batch of sourdough every afternoon, starting Monday.', 'spk_0', 7)])).toHaveLength(1);
  });

  it('takes a plain statement of a change that another speaker accepts as a decision', () => {
    const texts = (list: ReturnType<typeof findDecisions>) => list.map((d) => d.text);
    expect(texts(findDecisions([
      s('The dress rehearsal moves to Tuesday evening.', 'spk_0', 0), s('The hall is booked on Wednesday.', 'spk_0', 4), s('Tuesday works for me.', 'spk_1', 8),
    ]))).toEqual(['The dress rehearsal moves to Tuesday evening.']);
    expect(texts(findDecisions([s('The weekly call starts at nine from next month.', 'spk_0', 0), s('Fine by me.', 'spk_2', 4)])))
      .toEqual(['The weekly call starts at nine from next month.']);
  });

  it('does not take a statement accepted by its own speaker, a past event, a question, a hedge or a promise for a decision', () => {
    const after = (statement: string, answer = 'Sounds good.', speaker = 'spk_1') => findDecisions([s(statement, 'spk_0', 0), s(answer, speaker, 4)]);
    expect(after('The dress rehearsal moves to Tuesday evening.', 'Tuesday works for me.', 'spk_0')).toEqual([]);
    expect(after('The delivery moved to Tuesday last week.')).toEqual([]);
    expect(after('Does the rehearsal move to Tuesday evening?')).toEqual([]);
    expect(after('Maybe the rehearsal moves to Tuesday evening.')).toEqual([]);
    expect(after("I'll move the rehearsal to Tuesday evening.")).toEqual([]);
    expect(after('The printer is fixed.', 'Good.')).toEqual([]);
  });

  it('takes a short "X agreed." with a word the turn left in front as a bare agreement', () => {
    expect(findDecisions([s('They should come to every rehearsal.', 'spk_1', 0), s('Rehearsal agreed.', 'spk_0', 4), s('New members sing if they attend all the rehearsals.', 'spk_0', 6)]).map((d) => d.text))
      .toEqual(['New members sing if they attend all the rehearsals.']);
    expect(findDecisions([s('She agreed.', 'spk_0', 0), s('The shop opens at nine on Monday.', 'spk_0', 2)])).toEqual([]);
  });

  it('takes what follows an approval from outside ("…said yes, so…") as a decision', () => {
    expect(findDecisions([s('The kitchen said yes, so breakfast is served until eleven at weekends.', 'spk_0', 0)]).map((d) => d.text))
      .toEqual(['Breakfast is served until eleven at weekends.']);
    expect(findDecisions([s('The kitchen said no, so breakfast is served until ten.', 'spk_0', 0)])).toEqual([]);
  });
});

describe('decisions put off', () => {
  it('does not take an acknowledged postponement ("Fine, next meeting then." — "Great.") as a decision', () => {
    expect(findDecisions([
      s("Let's leave the telescope loan question for the next committee meeting.", 'spk_1', 0),
      s('Fine, next meeting then.', 'spk_0', 5),
      s('Great.', 'spk_1', 10),
    ])).toEqual([]);
  });
});

describe('decisions said in more ways', () => {
  it('takes "Okay." and then, from the same speaker, what the group does', () => {
    expect(findDecisions([s('Okay.', 'spk_0', 0), s("We'll send one reply to all the outage tickets and close them after two days.", 'spk_0', 1)]).map((d) => d.text))
      .toEqual(["We'll send one reply to all the outage tickets and close them after two days."]);
    expect(findDecisions([s('Okay.', 'spk_0', 0), s("We'll see how it goes.", 'spk_0', 1)])).toEqual([]);
  });

  it('takes an option named before and picked without a verb ("Okay, sliding doors."), in the words of its restatement', () => {
    expect(findDecisions([
      s("We've been going back and forth on the bi-fold doors versus the sliding ones.", 'spk_1', 0),
      s('Okay, sliding doors.', 'spk_1', 5), s('The extension gets sliding doors.', 'spk_1', 7),
    ]).map((d) => d.text)).toEqual(['The extension gets sliding doors.']);
    expect(findDecisions([s('Can you send the receipts by Monday?', 'spk_0', 0), s('Yes, by Monday.', 'spk_1', 5)])).toEqual([]);
  });

  it('reads "we\'ve gone with", "then the campaign launches…", "then the guest gets…" as decisions', () => {
    expect(isDecision("So, for the spring campaign, we've gone with the idea of ride to work.")).toBe(true);
    expect(isDecision('Great. Then the spring campaign launches on the first of March.')).toBe(true);
    expect(isDecision('Then the nut-free guest gets the sorbet.')).toBe(true);
  });

  it('does not take a choice put off ("park it until…", "hold off", "we\'ll revisit it", "bring it up at…", "decide the tiles next week")', () => {
    for (const text of ["Let's park it until Thursday's sync with finance.", "Then let's hold off on Carver Street until we've got a soil test.", "We'll revisit it at the spring review.", "Let's bring it up at the monthly meeting.", "Okay, let's decide the tiles next week."]) {
      expect(isDecision(text)).toBe(false);
    }
    expect(findDecisions([s('Can we decide the tiles next week?', 'spk_0', 0), s("Yeah, let's not rush it.", 'spk_1', 5)])).toEqual([]);
  });
});

describe('decisions: resignation and plans for "it"', () => {
  it('does not take "We\'ll take our chances." for a decision, and takes "Then it runs tomorrow, with or without the statement."', () => {
    expect(isDecision("Fair enough. We'll take our chances.")).toBe(false);
    expect(isDecision('Then it runs tomorrow, with or without the statement.')).toBe(true);
  });
});

describe('decisions run together by a speech engine', () => {
  it('reads "Fair, okay, sliding doors, the extension gets sliding doors." as the choice it states', () => {
    expect(isDecision('Fair, okay, sliding doors, the extension gets sliding doors.')).toBe(true);
    expect(isDecision('Okay, we were late, the van broke down.')).toBe(false);
  });
});

describe('decisions: thinking it over', () => {
  it('does not take "Let\'s think it over and come back to you." for a decision', () => {
    expect(isDecision("Okay, let's think it over and come back to you on Friday.")).toBe(false);
  });
});

describe('decisions accepted by someone else', () => {
  it('takes an order that sets how things are done, accepted ("Drop it to three minutes." — "Fine by me.")', () => {
    expect(findDecisions([s("That's far too slow for payments.", 'spk_0', 0), s('Drop it to three minutes.', 'spk_0', 3), s('Fine by me.', 'spk_1', 6)]).map((d) => d.text))
      .toEqual(['Drop it to three minutes.']);
  });
  it('takes a plain statement the acceptance names a word of ("…Forty five minutes, and the extra bits go into a bonus episode." — "Yeah, forty five works for me.")', () => {
    expect(findDecisions([s('Forty five minutes, and the extra bits go into a bonus episode.', 'spk_0', 0), s('Yeah, forty five works for me.', 'spk_1', 5)]).length).toBe(1);
  });
  it('takes "Three tiers, then? Two lemon and one chocolate?" — "Yes, let\'s go with that." as one decision, and not a bare agreement\'s promise', () => {
    expect(findDecisions([s('Three tiers, then?', 'spk_0', 0), s('Two lemon and one chocolate?', 'spk_0', 2), s("Yes, let's go with that.", 'spk_1', 5)]).map((d) => d.text))
      .toEqual(['Three tiers, then, Two lemon and one chocolate.']);
    expect(findDecisions([s('Agreed.', 'spk_1', 0), s('I can make that change.', 'spk_1', 2)])).toEqual([]);
  });
});

describe('an order after an opener', () => {
  it('takes "Okay, offer them fifteen percent if they sign an annual contract." accepted by another speaker', () => {
    expect(findDecisions([s('Okay, offer them fifteen percent if they sign an annual contract.', 'spk_0', 0), s('Nothing shorter than a year.', 'spk_0', 3), s('Makes sense.', 'spk_1', 6)]).length).toBe(1);
  });
});

describe('a proposal announced, a rule tagged "going forward", things put out of use', () => {
  it('takes "How about this." then the statement, accepted by another speaker, for a decision', () => {
    expect(findDecisions([s('How about this.', 'spk_0', 0), s('Anything under a tenner goes on the sale rail, the rest stays put.', 'spk_0', 2),
      s('Yeah?', 'spk_0', 5), s('Sounds right.', 'spk_1', 7)]).map((d) => d.text)).toEqual(['Anything under a tenner goes on the sale rail, the rest stays put.']);
    // Not when nobody accepts it.
    expect(findDecisions([s('How about this.', 'spk_0', 0), s('Anything under a tenner goes on the sale rail.', 'spk_0', 2), s('Hmm, not sure.', 'spk_1', 5)])).toEqual([]);
  });

  it('takes the statement "That\'s the rule going forward." tags', () => {
    expect(findDecisions([s('If you lock up alone, you text the manager when you leave.', 'spk_0', 0), s("That's the rule going forward.", 'spk_0', 4)]).map((d) => d.text))
      .toEqual(['If you lock up alone, you text the manager when you leave.']);
  });

  it('reads a participle before a noun ("the locked cabinet") as no past event', () => {
    expect(isDecision('So from now on the spare keys live in the locked cabinet.')).toBe(true);
    expect(isDecision('So from now on the spare keys lived in the cabinet.')).toBe(false);
  });

  it('takes a conclusion that puts something out of use ("Then the two old printers are switched off…") and a rule for everyone', () => {
    expect(isDecision('Then the two old printers are switched off until the engineer has been.')).toBe(true);
    expect(isDecision('Right, nobody uses the side gate until it has been fixed.')).toBe(true);
  });
});

describe('a proposal put as "that as the rule", a rule with its condition, a request done on the spot', () => {
  it('takes "Is everyone happy with that as the rule?" and its restating question, accepted, for a decision', () => {
    expect(findDecisions([s('Is everyone happy with that as the rule?', 'spk_0', 0), s('One shift per volunteer a month?', 'spk_0', 3), s('Yes.', 'spk_1', 6)]).map((d) => d.text))
      .toEqual(['One shift per volunteer a month.']);
  });

  it('takes "Nobody …" for a rule only with its condition ("until", "while", "more than")', () => {
    expect(isDecision('Nobody swears about tomatoes.')).toBe(false);
    expect(isDecision('Nobody opens the safe while a customer is in the shop.')).toBe(true);
  });

  it('does not take "Done." after a request for an agreement to it', () => {
    expect(findDecisions([s('Sam, could you close the window, the traffic is loud.', 'spk_0', 0), s('Done.', 'spk_1', 3)])).toEqual([]);
  });
});

describe('reasons and named choices', () => {
  it('does not take "ours has never let us down" for a suggestion', () => {
    expect(isDecision("Three eighty's a lot cheaper, and ours has never really let us down.")).toBe(false);
    expect(isDecision('Let us drop the second van.')).toBe(true);
  });

  it('reads "Fine, the repair then." as its own choice, not as a bare yes to the reason said before it', () => {
    expect(findDecisions([s('The repair is a lot cheaper, and ours has never let us down.', 'spk_0', 0), s('Fine, the repair then.', 'spk_1', 4)]).map((d) => d.text))
      .toEqual(['The repair then.']);
  });
});

describe('more ways a meeting settles or does not settle things', () => {
  it.each([
    "But from now on, if the reading's late, whoever is on poolside radios reception.",
    'Aye, suppose. Drop the Thursday stop, then.',
    'Fine, leaflet then.',
  ])('takes "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "Kettle's on, let's crack on.",
    "Let's just vote.",
    "Sort the rota once we know who's coming forward.",
    'Go on, then.',
    'Fine, good then.',
  ])('does not take "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('takes "Here\'s what we\'ll do." and the statement after it, and nothing from "Agreed." to a choice put off', () => {
    expect(findDecisions([s("Right. Here's what we'll do.", 'spk_0', 0), s('The second van stays at the depot on Mondays.', 'spk_0', 2), s('Agreed?', 'spk_0', 5), s('Yeah.', 'spk_1', 6)]).map((d) => d.text))
      .toEqual(['The second van stays at the depot on Mondays.']);
    expect(findDecisions([s("Let's park that until the move is done.", 'spk_0', 0), s("I can't think about it now.", 'spk_0', 2), s('Agreed.', 'spk_1', 5)])).toEqual([]);
  });
});

describe('a choice stated, asked to be agreed, and accepted', () => {
  it.each([
    'From now on, any order marked as urgent gets packed before noon.',
    'Good, we\'re doing the craft fair.',
    'Then late opening stays on Thursdays, through to Christmas.',
    'Subtitled screenings on Monday evenings, starting next week.',
  ])('takes "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "We're doing fine, thanks.",
    'Booked the hall yesterday, it was easy.',
    'Then Tom goes to the dentist on Friday.',
  ])('does not take "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('takes a statement followed by "Agreed?" or "Everyone happy with that?" and another speaker\'s yes', () => {
    expect(findDecisions([s('Fortnightly stock checks, one aisle at a time.', 'spk_0', 0), s('Agreed?', 'spk_0', 3), s('Yes.', 'spk_1', 5)]).map((d) => d.text))
      .toEqual(['Fortnightly stock checks, one aisle at a time.']);
    expect(findDecisions([s('Every parcel gets photographed before it leaves.', 'spk_0', 0), s('Everyone happy with that?', 'spk_0', 3), s('Yes, fine by me.', 'spk_1', 5)]).map((d) => d.text))
      .toEqual(['Every parcel gets photographed before it leaves.']);
    expect(findDecisions([s('Every parcel gets photographed before it leaves.', 'spk_0', 0), s('Everyone happy with that?', 'spk_0', 3), s('Not really, it takes ages.', 'spk_1', 5)])).toEqual([]);
  });

  it('takes what is said after "Go on then." or "I\'m convinced." by the same speaker as what was settled', () => {
    expect(findDecisions([s('What about a lentil soup?', 'spk_1', 0), s('Go on then.', 'spk_0', 3), s('The lentil soup goes on the winter menu.', 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['The lentil soup goes on the winter menu.']);
    expect(findDecisions([s('We could hire the church hall instead.', 'spk_1', 0), s("Alright, I'm convinced.", 'spk_0', 3), s("We'll hold it at the church hall, two sessions.", 'spk_0', 5)]).map((d) => d.text))
      .toEqual(["We'll hold it at the church hall, two sessions."]);
  });

  it('takes a verbless restatement of the choice after "Yes." as the decision', () => {
    expect(findDecisions([s('Fifteen, and we keep a small fund for anyone who cannot pay.', 'spk_1', 0), s('Yes.', 'spk_0', 3), s('Fifteen pounds a head, with the small fund.', 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['Fifteen pounds a head, with the small fund.']);
  });

  it('takes "No exceptions." as the tag of the rule before it', () => {
    expect(findDecisions([s('Hard hats for anyone on the second floor.', 'spk_0', 0), s('No exceptions.', 'spk_0', 3)]).map((d) => d.text))
      .toEqual(['Hard hats for anyone on the second floor.']);
  });
});

describe('a bare agreement and where its content comes from', () => {
  it('takes a short question after "let\'s <verb> it" as the choice it names', () => {
    expect(findDecisions([s('The queue went out the door twice.', 'spk_1', 0), s("Then let's split it.", 'spk_0', 3), s('Two desks on Fridays?', 'spk_0', 5)]).map((d) => d.text))
      .toEqual(['Split it, two desks on Fridays.']);
  });

  it('takes neither a past event before it nor a hedge after it as what was agreed', () => {
    expect(findDecisions([s('I was checking the fridge every hour.', 'spk_1', 0), s('Agreed.', 'spk_0', 3)])).toEqual([]);
    expect(findDecisions([s('Agreed.', 'spk_0', 0), s('And a second fridge would help.', 'spk_0', 3)])).toEqual([]);
  });

  it('does not take moving the meeting along for a decision', () => {
    expect(isDecision('Right, off you go.')).toBe(false);
    expect(isDecision("Okay, let's take that first then.")).toBe(false);
  });

  it('takes "We\'ll do it at …" after a conclusion as what the group does', () => {
    expect(isDecision("Alright, we'll do it at the village hall.")).toBe(true);
    expect(isDecision('Then we do need more chairs.')).toBe(false);
  });
});

describe('more ways of settling, and of ordering the meeting', () => {
  it.each([
    "Okay, I'm calling it, no more paid adverts this quarter.",
    "Then that's what we'll do.",
    'Okay, staggered breaks in two waves, starting Monday.',
  ])('takes "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(true);
  });

  it.each([
    "Right, morning all, let's keep this short, I've got a call at eleven.",
  ])('does not take "%s" for a decision', (text) => {
    expect(isDecision(text)).toBe(false);
  });

  it('takes "I think we…" accepted by another as a decision, spelled out by what its speaker says next', () => {
    expect(findDecisions([s('I think we do the repaint in October, when we close.', 'spk_0', 0), s('Fine by me.', 'spk_1', 4)]).map((d) => d.text))
      .toEqual(['Do the repaint in October, when we close.']);
    expect(findDecisions([s('I think we cap it.', 'spk_0', 0), s('Thirty minutes, and the rest goes into a second session.', 'spk_0', 2), s('Yeah, thirty works for me.', 'spk_1', 6)]).map((d) => d.text))
      .toEqual(['Cap it, thirty minutes, and the rest goes into a second session.']);
    expect(findDecisions([s('I think we need more chairs.', 'spk_0', 0), s('Fine by me.', 'spk_1', 4)])).toEqual([]);
  });

  it('does not take a proposal of what to talk about first for a decision', () => {
    expect(findDecisions([s('Can we do the boiler first?', 'spk_1', 0), s('Yeah, go.', 'spk_0', 3)])).toEqual([]);
  });

  it('takes "Yep, ten percent first." as picking an option named before', () => {
    expect(findDecisions([s('Can we roll it out to ten percent of users and compare?', 'spk_1', 0), s('Ten percent is plenty.', 'spk_2', 3), s('Yep, ten percent first.', 'spk_0', 6)]).map((d) => d.text))
      .toEqual(['Yep, ten percent first.']);
  });
});
