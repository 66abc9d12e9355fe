import { differences, matchShare, overlap, scoreMeeting, type ScriptedMeeting } from '../../../scripts/eval-notes/score.js';

const script: ScriptedMeeting = {
  id: 'x', split: 'dev', title: 'x', speakers: [{ name: 'Ana', voice: 'en-us' }, { name: 'Tom', voice: 'en-gb' }],
  topics: [['guest list', 'guests']],
  decisions: [{ content: 'the guest list stays under ninety people' }, { content: 'move the cutover to the twenty-ninth' }],
  action_items: [{ owner: 'Tom', content: 'Call the barn and pay the deposit', due: 'Friday' }, { owner: 'Ana', content: 'Send the band our list of songs', due: null }],
  lines: [],
};

describe('eval:notes scoring', () => {
  it('compares numbers spelled out, as the speech engine writes digits', () => {
    expect(overlap('The guest list stays under 90 people.', 'the guest list stays under ninety people')).toBe(1);
    expect(overlap('Move the cutover to the 29th.', 'move the cutover to the twenty-ninth')).toBe(1);
  });

  it('counts an item right only with its owner, and lists what was missed or added', () => {
    const notes = {
      overview: 'Ana and Tom discussed the guest list.', summary: [],
      action_items: [{ content: 'Ana: call the barn and pay the deposit by Friday', owner: 'Ana' }, { content: 'Tom: book the cake', owner: 'Tom' }],
      decisions: [{ content: 'The guest list stays under 90 people.' }],
    };
    const score = scoreMeeting(script, notes);
    expect(score).toMatchObject({ rightActions: 0, contentMatched: 1, foundDecisions: 1, overviewTopics: 1 });
    expect(differences(script, notes)).toEqual([
      'wrong owner: Ana for Tom: Call the barn and pay the deposit',
      'missed item: Ana: Send the band our list of songs',
      'extra item: Tom: Tom: book the cake',
      'missed decision: move the cutover to the twenty-ninth',
    ]);
  });
});

describe('eval:notes matching rule', () => {
  it('matches a terse item to a key written with context, when most of its own words are in the key', () => {
    expect(matchShare('write the macro', 'Write the macro reply for the outage tickets')).toBe(1);
    expect(matchShare('write the macro', 'Write the macro reply for the outage tickets', 'scripted')).toBeCloseTo(0.4);
    // One shared word is not enough that way round.
    expect(matchShare('take this weekend', 'Cover the on-call shift this weekend')).toBeLessThan(0.5);
  });
});

describe('eval:notes topic matching', () => {
  it('joins a hyphen next to a part of one or two letters ("Wi-Fi" is "wifi")', async () => {
    const { namesTopic } = await import('../../../scripts/eval-notes/score.js');
    expect(namesTopic('They discussed the wifi and the rota.', ['Wi-Fi in the science block', 'Wi-Fi'])).toBe(true);
    expect(namesTopic('They discussed the rota.', ['Wi-Fi'])).toBe(false);
  });
});
