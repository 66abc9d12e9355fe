import { actionPatternsOf } from '../../../functions/core/notes/action-items.js';

/** For each pattern: sentences it must catch and look-alikes it must leave alone (those match no pattern at all). */
const CASES: Record<string, { positive: string[]; negative: string[] }> = {
  commitment: {
    positive: ["I'll send the slides after the call.", 'I will update the roadmap.', "We'll fix the login bug next.", "I'm going to draft the contract."],
    negative: ["I'll be honest, the demo was rough.", 'I will say the numbers look fine.', "I'll tell you what happened."],
  },
  need: {
    positive: ['We need to hire another designer.', 'Someone has to review the pull request.', 'You should talk to the legal team.'],
    negative: ['We needed more time last quarter.', 'The need for speed is obvious.'],
  },
  request: {
    positive: ['Can you share the dashboard link?', 'Could you please check the invoice.', 'Please book the meeting room.', 'Anna, can you take the notes'],
    negative: ['Can you believe how fast that went?', 'Ask not what your country can do for you, ask what you can do for your country.'],
  },
  lets: {
    positive: ["Let's schedule a follow-up.", 'Let us move the launch.'],
    negative: ["Let's see how it goes.", "Let's be honest about it."],
  },
  deadline: {
    positive: ['The report is due Friday.', 'Send it by the end of the week.', 'The contract deadline is close.', 'It has to be live by March 3.'],
    negative: ['We met on Friday at the office.', 'By the way, the weather was nice.'],
  },
  'named-owner': {
    positive: ['Sarah will send the agenda.', 'Ask Priya to review the budget.', 'Tom is going to call the vendor.'],
    negative: ['Monday will be busy for everyone.', 'Printing differs from most arts and crafts.'],
  },
};

describe('action item patterns', () => {
  for (const [pattern, { positive, negative }] of Object.entries(CASES)) {
    describe(pattern, () => {
      it.each(positive)(`catches "%s"`, (sentence) => {
        expect(actionPatternsOf(sentence)).toContain(pattern);
      });
      it.each(negative)(`does not take "%s" for an action item`, (sentence) => {
        expect(actionPatternsOf(sentence)).toEqual([]);
      });
    });
  }
});
