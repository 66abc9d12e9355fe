import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';
import { keyphrases } from '../../../functions/core/notes/keyphrases.js';
import { leansOnContext, topicOfTask, withTopic } from '../../../functions/core/notes/task-context.js';

const MEETING = [
  'Right, the grant application.',
  'The council wants the grant application in by the end of the month.',
  'Someone has to write the budget section of the grant application.',
  'Mo, could you do that part?',
  "Sure, I'll do it this week.",
  'Next, the minibus.',
  'The minibus failed its inspection on the brakes.',
  'Then the minibus stays off the road until it is fixed.',
  "I'll sort it out tomorrow.",
];

describe('a terse task gets the topic it was said about', () => {
  const topics = keyphrases(MEETING);

  it('tells a task that leans on what was said before from one that names its object', () => {
    expect(leansOnContext('do the figure', null)).toBe(true);
    expect(leansOnContext('make that change', null)).toBe(true);
    expect(leansOnContext('get a price for one by Friday', 'Friday')).toBe(true);
    expect(leansOnContext('send the signed lease to the landlord', null)).toBe(false);
    expect(leansOnContext('book the engineer for the oven', null)).toBe(false);
  });

  it('names the leading topic said just before, or else the agenda item it came under', () => {
    expect(topicOfTask('do that part this week', 'this week', 4, topics)).toBe('grant application');
    expect(topicOfTask('sort it out tomorrow', 'tomorrow', 8, topics)).toBe('minibus');
  });

  it('adds nothing to a task that names its topic, stands on its own, or has no topic before it', () => {
    // "do the tagging" names "tag".
    expect(topicOfTask('do the tagging', null, 2, keyphrases(['Can you tag the decent bikes?', 'The tag goes on the saddle.', "I'll do the tagging."]))).not.toBe('tag');
    expect(topicOfTask('sort the minibus out', null, 8, topics)).toBeUndefined();
    expect(topicOfTask('write the budget section for the council', null, 4, topics)).toBeUndefined();
    expect(topicOfTask('do it', null, 0, keyphrases(['Hello everyone.', "I'll do it."]))).toBeUndefined();
  });

  it('takes the topic from what was said before the task, not from the rest of its own sentence', () => {
    const said = ['Next, the sensor mat.', 'Should we put her on the sensor mat?', 'Can you get one from the store?', "Sure, I'll do it while she's in the lounge."];
    expect(topicOfTask('get one from the store', null, 3, keyphrases([...said, 'The lounge is busy after lunch.']))).toBe('sensor mat');
  });

  it('writes the topic in brackets after the task', () => {
    expect(withTopic('Mo: do that part', 'grant application')).toBe('Mo: do that part (grant application)');
    expect(withTopic('Mo: send the budget to the council', undefined)).toBe('Mo: send the budget to the council');
  });

  it('is what the notes engine lists', async () => {
    const said: Array<[string, string]> = [
      ['spk_0', 'Last thing, the minibus.'],
      ['spk_1', 'The minibus failed its inspection on the brakes.'],
      ['spk_0', 'Then the minibus stays off the road until the brakes are done.'],
      ['spk_1', "I'll do the paperwork tomorrow."],
    ];
    const sentences = said.map(([speaker, text], i) => ({ text, speaker, start: i * 5, end: i * 5 + 4 }));
    const draft = await createExtractiveNotesEngine().draft({ sentences, speakerNames: { spk_0: 'Ana', spk_1: 'Mo' } });
    expect(draft.actionItems.map((a) => a.text)).toEqual(['Mo: do the paperwork tomorrow (minibus)']);
  });
});
