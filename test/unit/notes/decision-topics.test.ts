import { underAgendaItem } from '../../../functions/core/notes/decision-topics.js';
import { keyphrases } from '../../../functions/core/notes/keyphrases.js';
import { createExtractiveNotesEngine } from '../../../functions/core/notes/extractive-engine.js';

const MEETING = [
  'The stargazing night.',
  'We have two options, the playing fields or the hill behind campus.',
  'The hill is darker, but people got lost walking up there last year.',
  'Let\'s go with the playing fields, then.',
  'Next, the membership fee.',
  'The hall costs more this year.',
  'The membership fee stays at eight pounds.',
];

describe('a short decision under its agenda item', () => {
  const topics = keyphrases(MEETING);

  it('writes a choice that does not say what it is about under the agenda item it was said in', () => {
    expect(underAgendaItem("Let's go with the playing fields, then.", 3, topics)).toBe("Stargazing night: let's go with the playing fields, then.");
    expect(underAgendaItem('Twice a month.', 6, topics)).toBe('Membership fee: twice a month.');
    // A day keeps its capital.
    expect(underAgendaItem('Thursday, then.', 6, topics)).toBe('Membership fee: Thursday, then.');
  });

  it('leaves a decision that stands on its own, names its item, or comes before any agenda item', () => {
    expect(underAgendaItem('The membership fee stays at eight pounds.', 6, topics)).toBe('The membership fee stays at eight pounds.');
    expect(underAgendaItem('The hall will cost more from next year on.', 6, topics)).toBe('The hall will cost more from next year on.');
    expect(underAgendaItem('Go with the stargazing night on Friday.', 3, keyphrases(MEETING))).toBe('Go with the stargazing night on Friday.');
    expect(underAgendaItem('One shared stall.', 0, keyphrases(MEETING.slice(1)))).toBe('One shared stall.');
  });

  it('is what the notes engine lists', async () => {
    const sentences = MEETING.map((text, i) => ({ text, speaker: `spk_${i % 2}`, start: i * 5, end: i * 5 + 4 }));
    const draft = await createExtractiveNotesEngine().draft({ sentences });
    expect(draft.decisions?.map((d) => d.text)).toContain('Stargazing night: go with the playing fields, then.');
  });
});

describe('an option picked after a vote', () => {
  it('writes "Okay, technical it is." under its agenda item, not under the option asked back ("Technical?")', async () => {
    const said = ['T-shirts.', 'Cotton at four pounds each, or the technical ones at six-fifty.', "I'd go technical.", "It's a fun run.",
      'Bananas sweat too.', "Let's just vote.", 'Hands up for cotton.', "That's me.", 'Technical?', 'Marcus, Tariq.', 'Okay, technical it is.'];
    const sentences = said.map((text, i) => ({ text, speaker: `spk_${i % 3}`, start: i * 3, end: i * 3 + 2 }));
    const draft = await createExtractiveNotesEngine().draft({ sentences, speakerNames: { spk_0: 'Bev', spk_1: 'Marcus', spk_2: 'Tariq' } });
    expect(draft.decisions?.map((d) => d.text)).toContain('T-shirts: technical it is.');
  });
});
