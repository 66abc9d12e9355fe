import { resolveObjectPronoun } from '../../../functions/core/notes/antecedents.js';
import { findActionItems, actionText, type ActionContext } from '../../../functions/core/notes/action-items.js';

describe('object pronouns of tasks', () => {
  it('replaces "them"/"those" with the nearest plural noun phrase said before', () => {
    expect(resolveObjectPronoun('email them to the council this afternoon', ["Jonah, you've got the insurance papers, haven't you?", 'I do.']))
      .toBe('email the insurance papers to the council this afternoon');
    expect(resolveObjectPronoun('do those after the evening rush', ['Would you mind reprogramming the broken room keys, Daniel?']))
      .toBe('do the broken room keys after the evening rush');
    // Nearest sentence first: the hybrids of the last sentence, not the vans of the one before.
    expect(resolveObjectPronoun('move them over on Saturday', ['The hybrids are hidden behind the vans.', 'From now on the hybrids go at the front.']))
      .toBe('move the hybrids over on Saturday');
  });

  it('leaves "them" that are people, a "them" that receives something, and a task with nothing to point to', () => {
    expect(resolveObjectPronoun('remind them on Friday', ['Some parents always forget the permission slips.'])).toBe('remind them on Friday');
    expect(resolveObjectPronoun('give them a ring', ['The lights on the training pitches belong to the council.'])).toBe('give them a ring');
    expect(resolveObjectPronoun('send them the customer details', ['The movers need the addresses.'])).toBe('send them the customer details');
    expect(resolveObjectPronoun('fix them tonight', ['The printer is broken again.'])).toBe('fix them tonight');
    expect(resolveObjectPronoun('send the figures', ['The quarterly numbers are in.'])).toBe('send the figures');
  });

  it('reaches sentences that are no task themselves (a decision said just before)', () => {
    const ctx: ActionContext = { nameOf: (l) => ({ spk_0: 'Dana', spk_1: 'Greg' }[l] ?? l), knownNames: ['Dana', 'Greg'],
      meeting: ['The hybrids are hidden behind the vans.', 'From now on the hybrids go at the front.', "I'll move them over on Saturday."] };
    const items = findActionItems([{ text: "I'll move them over on Saturday.", speaker: 'spk_1', start: 10, end: 12, at: 2 }], ctx);
    expect(items.map(actionText)).toEqual(['Greg: move the hybrids over on Saturday']);
  });
});

describe('object pronouns of tasks, limits', () => {
  it('reads "order them this week" as an object followed by a time, and skips time phrases and "ask them to…"', () => {
    expect(resolveObjectPronoun('order them this week', ['Okay, sliding doors.', 'The extension gets sliding doors.'])).toBe('order the sliding doors this week');
    expect(resolveObjectPronoun('check them tonight', ['The plant wants twenty-four hours notice for the pallets.'])).toBe('check the pallets tonight');
    expect(resolveObjectPronoun('ask them to hold a Thursday slot', ['The batching plant wants twenty-four hours notice.'])).toBe('ask them to hold a Thursday slot');
  });
});

describe('person pronouns of tasks', () => {
  it('names the person the meeting spoke of: one who thinks, says or wants something, or one asked about', async () => {
    const { resolvePersonPronoun } = await import('../../../functions/core/notes/antecedents.js');
    expect(resolvePersonPronoun('book him in for Monday', ['The engineer thinks it is the thermostat.', 'He quoted three hundred pounds.', 'Leave it with me.'])).toBe('book the engineer in for Monday');
    expect(resolvePersonPronoun('give her a ring this afternoon', ["What about Jess's sister?", 'She did a few shifts at Christmas.'])).toBe("give Jess's sister a ring this afternoon");
    expect(resolvePersonPronoun('ask her at drop off tomorrow', ['Does anyone know if the head wants staff on the stalls?', 'No idea.'])).toBe('ask the head at drop off tomorrow');
    expect(resolvePersonPronoun('call her tomorrow', ['The author loves the photo cover, though.', 'Sales went for blue.'])).toBe('call the author tomorrow');
    // "What about dessert?" asks about a thing, not a person.
    expect(resolvePersonPronoun('ring her tonight', ['What about dessert?', 'Maybe the rhubarb tart.'])).toBe('ring her tonight');
    // A thing that "is" something is no person.
    expect(resolvePersonPronoun('tell her this afternoon', ['On Sunday, late checkout is capped at twelve thirty.'])).toBe('tell her this afternoon');
  });
});
