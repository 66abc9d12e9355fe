import { repairTurns } from '../../../functions/core/notes/turn-repair.js';

let t = 0;
const s = (speaker: string, text: string) => { const start = t; t += 2; return { speaker, text, start, end: start + 1.9 }; };
const texts = (out: ReturnType<typeof repairTurns>) => out.map((x) => `${x.speaker}: ${x.text}`);

describe('repairTurns', () => {
  beforeEach(() => { t = 0; });

  it('gives a turn-final fragment to the next speaker\'s sentence it starts', () => {
    expect(texts(repairTurns([s('A', 'The whole batch of invitations was ruined.'), s('A', 'I.'), s('B', 'Can fix the roller by Friday.')])))
      .toEqual(['A: The whole batch of invitations was ruined.', 'B: I can fix the roller by Friday.']);
    expect(texts(repairTurns([s('A', 'Then we agreed, we.'), s('B', 'Will switch to the recycled paper next month.')])))
      .toEqual(['B: Then we agreed, we will switch to the recycled paper next month.']);
  });

  it('gives a turn-initial word back to the sentence it ends', () => {
    expect(texts(repairTurns([s('A', 'Sure, that works for.'), s('B', 'Me.'), s('B', 'The campaign is ready.')])))
      .toEqual(['A: Sure, that works for me.', 'B: The campaign is ready.']);
    expect(texts(repairTurns([s('A', 'Tom, can you fix the crash by next.'), s('B', 'Wednesday?'), s('B', 'Sure, I can.')])))
      .toEqual(['A: Tom, can you fix the crash by next Wednesday?', 'B: Sure, I can.']);
  });

  it('leaves a name its speaker opens a request with to that request, not to the sentence before', () => {
    expect(texts(repairTurns([s('A', 'The hall needs new lights.'), s('B', 'Grace,'), s('B', 'can you order the lights by Friday?')])))
      .toEqual(['A: The hall needs new lights.', 'B: Grace, can you order the lights by Friday?']);
  });

  it('gives the previous sentence only the first word of a two-word turn whose second word is an answer', () => {
    expect(texts(repairTurns([s('A', 'They come to every.'), s('B', 'Meeting agreed.'), s('B', 'New members sing.')])))
      .toEqual(['A: They come to every meeting.', 'B: Agreed.', 'B: New members sing.']);
  });

  it('joins a sentence its speaker cut at a word no sentence ends on to their next one', () => {
    expect(texts(repairTurns([s('A', 'Can I ask you to finish the soldiers\'.'), s('A', 'Jackets by Thursday,'), s('B', 'Grace?'), s('B', 'Yes, that\'s fine.')])))
      .toEqual(['A: Can I ask you to finish the soldiers\' Jackets by Thursday grace?', 'B: Yes, that\'s fine.']);
    expect(texts(repairTurns([s('A', 'We need to order the.'), s('A', 'Yes.')]))).toEqual(['A: We need to order the.', 'A: Yes.']);
    expect(texts(repairTurns([s('B', 'I will tell the team today.'), s('A', 'And I.'), s('A', 'Will update the release notes and.'), s('A', 'Everyone.')])))
      .toEqual(['B: I will tell the team today.', 'A: And I will update the release notes and everyone.']);
  });

  it('leaves a short question whole rather than giving it to the answer ("Anyone against it?" | "No, that works.")', () => {
    const kept = [s('A', "I'm happy with one shared stall."), s('A', 'Anyone against it?'), s('B', 'No, that works.')];
    expect(repairTurns(kept)).toEqual(kept);
  });

  it('leaves "Playing fields it is." whole rather than giving it to the next speaker\'s sentence', () => {
    const kept = [s('A', "Let's go with the playing fields."), s('B', 'Playing fields it is.'), s('A', 'Now, the membership fee.')];
    expect(repairTurns(kept)).toEqual(kept);
  });

  it('leaves a turn that ends on a particle after its object ("I\'ll copy you in.") to its speaker', () => {
    expect(texts(repairTurns([s('A', "Sure, I'll copy you in."), s('B', 'Next, the parking permits.')])))
      .toEqual(["A: Sure, I'll copy you in.", 'B: Next, the parking permits.']);
    expect(texts(repairTurns([s('A', 'We moved it on.'), s('B', 'Next, the parking permits.')])))
      .toEqual(['A: We moved it on.', 'B: Next, the parking permits.']);
    // …or on a particle after its verb ("Then the lamb goes on.").
    expect(texts(repairTurns([s('A', 'Then the lamb goes on.'), s('B', 'The hake has been all over the place on price.')])))
      .toEqual(['A: Then the lamb goes on.', 'B: The hake has been all over the place on price.']);
  });

  it('leaves short answers and far-apart sentences alone', () => {
    const kept = [s('A', 'Can you send the deck?'), s('B', 'Yes.'), s('B', 'It is nearly done.')];
    expect(repairTurns(kept)).toEqual(kept);
    const apart = [{ speaker: 'A', text: 'We will meet on.', start: 0, end: 2 }, { speaker: 'B', text: 'Monday works.', start: 10, end: 11 }];
    expect(repairTurns(apart)).toEqual(apart);
  });

  it('gives back one turn-initial word, not the acceptance that follows it ("their." | "Kitchens." "You\'re right.")', () => {
    expect(texts(repairTurns([s('A', 'People are still clearing out their.'), s('B', 'Kitchens.'), s('B', "You're right."), s('B', 'The flood story goes first.')])))
      .toEqual(['A: People are still clearing out their Kitchens.', "B: You're right.", 'B: The flood story goes first.']);
  });

  it('gives "I\'m going." to the next speaker\'s "To ask…" it starts', () => {
    expect(texts(repairTurns([s('A', 'The kitchen usually makes packed lunches.'), s('B', "I'm going."), s('A', 'To ask the kitchen about packed lunches.')])))
      .toEqual(['A: The kitchen usually makes packed lunches.', "A: I'm going to ask the kitchen about packed lunches."]);
  });

  it('joins a sentence cut at a comma to the same speaker\'s next one ("Rajesh," | "can you fix the login bug?")', () => {
    expect(texts(repairTurns([s('A', 'Good, the release is postponed by one week.'), s('A', 'Rajesh,'), s('A', 'can you fix the login bug by Wednesday?')])))
      .toEqual(['A: Good, the release is postponed by one week.', 'A: Rajesh, can you fix the login bug by Wednesday?']);
    // Not across speakers, and not a finished sentence.
    const kept = [s('A', 'Rajesh,'), s('B', 'can you hear me?'), s('B', 'Yes.'), s('B', 'The login bug is fixed.')];
    expect(repairTurns(kept)).toEqual(kept);
  });

  it('leaves a short complete sentence that ends a turn alone ("That\'s the rule.", "Let\'s do it.")', () => {
    const rule = [s('A', 'No crane lifts in high wind.'), s('A', "That's the rule."), s('B', 'We have six new workers starting Monday.')];
    expect(repairTurns(rule)).toEqual(rule);
    const lets = [s('A', "Readers won't notice much."), s('A', "Let's do it."), s('B', "Okay, we'll print it on thinner paper.")];
    expect(repairTurns(lets)).toEqual(lets);
  });

  it('splits a run-on where a capitalised sentence starter follows without a full stop', () => {
    const out = repairTurns([{ speaker: 'A', text: "Let's go with the blue design And I will update the release notes.", start: 0, end: 10 }]);
    expect(out.map((x) => x.text)).toEqual(["Let's go with the blue design.", 'And I will update the release notes.']);
    expect(out[0]!.start).toBe(0);
    expect(out[1]!.end).toBe(10);
    expect(out[0]!.end).toBeCloseTo(out[1]!.start);
  });
});

describe('turn repair keeps a turn\'s own short opening', () => {
  it('does not give "Cheers." or "Scaffold inspection." to the previous speaker\'s whole sentence', () => {
    const t = (text: string, speaker: string, start: number, end: number) => ({ text, speaker, start, end });
    const out = repairTurns([t("I'll put the barriers and signs up tonight before I leave.", 'spk_0', 0, 4), t('Cheers.', 'spk_1', 4.5, 5), t('Scaffold inspection.', 'spk_1', 5.2, 6), t('Pete, where are we?', 'spk_1', 6.2, 7)]);
    expect(out.map((x) => x.text)).toEqual(["I'll put the barriers and signs up tonight before I leave.", 'Cheers.', 'Scaffold inspection.', 'Pete, where are we?']);
  });
});

describe('turn repair and short whole sentences', () => {
  it('keeps a short sentence before another speaker\'s capitalised one ("Weekend photo coverage." | "So there\'s the fair…")', () => {
    const t = (text: string, speaker: string, start: number, end: number) => ({ text, speaker, start, end });
    const out = repairTurns([t('Moving on.', 'spk_0', 0, 1), t('Weekend photo coverage.', 'spk_0', 1.2, 2.5), t("So there's the harvest fair on Saturday.", 'spk_1', 3, 5)]);
    expect(out.map((x) => x.text)).toEqual(['Moving on.', 'Weekend photo coverage.', "So there's the harvest fair on Saturday."]);
  });
  it('still joins a fragment cut after a verb that needs its object ("Please put." | "A poster up in the library.")', () => {
    const t = (text: string, speaker: string, start: number, end: number) => ({ text, speaker, start, end });
    const out = repairTurns([t('Lose it.', 'spk_0', 0, 1), t('Please put.', 'spk_0', 1.2, 2), t('A poster up in the library and the cafe.', 'spk_1', 2.3, 5)]);
    expect(out.map((x) => x.text)).toContain('Please put a poster up in the library and the cafe.');
  });
});

describe('turn repair splits a question run on after a sentence', () => {
  it('splits "…update the rule today Do we want a second alert?"', () => {
    const out = repairTurns([{ text: "I'll update the rule today Do we want a second alert?", speaker: 'spk_0', start: 0, end: 4 }]);
    expect(out.map((x) => x.text)).toEqual(["I'll update the rule today.", 'Do we want a second alert?']);
  });
});
