import type { Turn } from '../../../functions/adapters/notes-model/features.js';
import { chooseOwner, OWNER_FEATURES, ownerCandidates, trainOwner, type OwnerExample } from '../../../functions/adapters/notes-model/owner.js';

const turn = (speaker: string, text: string, at: number): Turn => ({ speaker, said: text, text, start: at, end: at + 1 });
const names: Record<string, string> = { a: 'Project Manager', b: 'Marketing', c: 'Industrial Designer', h: 'Huw Irranca-Davies AM', l: 'Lynne Neagle AM' };
const nameOf = (label: string) => names[label]!;
const feature = (features: readonly number[], name: (typeof OWNER_FEATURES)[number]) => features[OWNER_FEATURES.indexOf(name)];

const REQUEST = [
  turn('a', 'The case is rubber.', 0),
  turn('a', 'Can you check the cost of the LCD display by Friday?', 1),
  turn('b', 'Yeah, sure.', 2),
  turn('c', "I'll look into the buttons.", 3),
];

describe('owner candidates', () => {
  it('offers the speaker, the next and previous other speakers and the group, each with its cues', () => {
    const candidates = ownerCandidates(REQUEST, 1, { nameOf });
    expect(candidates.map((c) => c.owner)).toEqual(['Project Manager', 'Marketing', null]);
    expect(candidates.every((c) => c.features.length === OWNER_FEATURES.length)).toBe(true);
    const [speaker, next, group] = candidates.map((c) => c.features);
    expect(feature(speaker!, 'speaker × addressee')).toBe(1);
    expect(feature(next!, 'next × addressee')).toBe(1);
    expect(feature(next!, 'next accepts')).toBe(1);
    expect(feature(next!, 'ownerOf')).toBe(1);
    expect(feature(speaker!, 'ownerOf')).toBe(0);
    expect(feature(group!, 'group')).toBe(1);
  });

  it('marks the acceptance turn: its speaker was asked by the previous one', () => {
    const [speaker] = ownerCandidates(REQUEST, 2, { nameOf });
    expect(speaker!.owner).toBe('Marketing');
    expect(feature(speaker!.features, 'speaker × turn accepts')).toBe(1);
    expect(feature(speaker!.features, 'speaker × previous asks you')).toBe(1);
  });

  it('finds a speaker named by a distinctive word of their name (not a title such as "AM")', () => {
    const turns = [
      turn('l', 'Huw, could you write to us about the summer-born children?', 0),
      turn('h', 'Yes.', 1),
      turn('c', 'Am I next?', 2),
    ];
    const candidates = ownerCandidates(turns, 0, { nameOf });
    const huw = candidates.find((c) => c.owner === 'Huw Irranca-Davies AM')!;
    expect(feature(huw.features, 'named in turn')).toBe(1);
    expect(candidates.find((c) => c.owner === 'Industrial Designer')).toBeUndefined();
  });

  it("takes the rules' owner of an item lying on the turn as a cue", () => {
    const candidates = ownerCandidates(REQUEST, 1, { nameOf, ruleItems: [{ text: 'x', owner: 'Marketing', start: 1.2, end: 1.8 }] });
    expect(candidates.map((c) => feature(c.features, 'rules owner'))).toEqual([0, 1, 0]);
  });
});

describe('the learnt owner choice', () => {
  it('learns from labelled owners which cue decides, and picks by it', () => {
    // Requests are owned by whoever answers; first-person commitments by the speaker.
    const examples: OwnerExample[] = [];
    for (let k = 0; k < 20; k++) {
      examples.push({ candidates: ownerCandidates(REQUEST, 1, { nameOf }), answer: 1 });
      examples.push({ candidates: ownerCandidates(REQUEST, 3, { nameOf }), answer: 0 });
    }
    const model = trainOwner(examples);
    expect(model.weights).toHaveLength(OWNER_FEATURES.length);
    expect(chooseOwner(model, ownerCandidates(REQUEST, 1, { nameOf }))).toBe('Marketing');
    expect(chooseOwner(model, ownerCandidates(REQUEST, 3, { nameOf }))).toBe('Industrial Designer');
    // Deterministic: the same examples give the same weights.
    expect(trainOwner(examples)).toEqual(model);
  });

  it('picks the group (null) when the model says so, and the speaker on ties', () => {
    const weights = OWNER_FEATURES.map((n) => (n === 'group' ? 1 : 0));
    expect(chooseOwner({ weights }, ownerCandidates(REQUEST, 3, { nameOf }))).toBeNull();
    expect(chooseOwner({ weights: OWNER_FEATURES.map(() => 0) }, ownerCandidates(REQUEST, 3, { nameOf }))).toBe('Industrial Designer');
  });
});
