import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, scoreMeeting, summarise, type LabelledMeeting, type Prediction, type Span } from '../../../scripts/eval-notes/label-score.js';
import { PROJECT_ROOT } from '../../helpers/shared-data.js';

/** The reference implementation, read where it is shared (never copied into the project). */
const REFERENCE = path.join(PROJECT_ROOT, '..', 'shared', 'data', 'meetings-text', 'score-notes.mjs');

type Reference = { scoreMeeting: typeof scoreMeeting; summarise: typeof summarise; fmt: typeof fmt };

/** A deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OWNERS = ['Project Manager', 'marketing', 'Marketing ', 'User Interface', null, 'Industrial Designer'];
const WORDS = ['remote', 'control', 'budget', 'design', 'battery', 'the', 'about', 'cost', 'buttons', 'rubber', 'Yellow', 'market', 'it', 'teletext', 'LCD-screen', "user's"];

function meetingPair(next: () => number): { gold: LabelledMeeting; pred: Prediction } {
  const int = (n: number) => Math.floor(next() * n);
  const span = (): Span => { const a = int(120); return [a, a + int(6)]; };
  const text = (n: number) => Array.from({ length: 1 + int(n) }, () => WORDS[int(WORDS.length)]).join(' ');
  const many = <T>(n: number, make: () => T) => Array.from({ length: int(n) }, make);
  return {
    gold: {
      action_items: many(6, () => ({ turns: span(), owner: OWNERS[int(OWNERS.length)] })),
      decisions: many(6, () => ({ turns: span() })),
      key_points: many(9, () => ({ turns: span() })),
      topics: many(6, () => ({ name: text(4) })),
    },
    pred: {
      overview: text(12),
      summary: many(9, () => ({ turns: span(), text: text(8) })),
      decisions: many(8, () => ({ turns: span(), text: text(5) })),
      action_items: many(8, () => ({ turns: span(), owner: OWNERS[int(OWNERS.length)], text: text(5) })),
    },
  };
}

describe('the ported label scoring', () => {
  it('gives exactly the reference score-notes.mjs figures on the same predictions', async () => {
    const reference = await import(pathToFileURL(REFERENCE).href) as Reference;
    const next = random(27);
    const pairs = Array.from({ length: 300 }, () => meetingPair(next));
    const ours = pairs.map(({ gold, pred }) => scoreMeeting(gold, pred));
    const theirs = pairs.map(({ gold, pred }) => reference.scoreMeeting(gold, pred));
    expect(ours).toEqual(theirs);
    expect(ours.some((s) => s.action.hits > 0 && s.action.spanHits > s.action.hits)).toBe(true);
    expect(ours.some((s) => s.topics.overview > 0)).toBe(true);
    for (const size of [1, 7, 300]) {
      expect(summarise(ours.slice(0, size))).toEqual(reference.summarise(theirs.slice(0, size)));
      expect(fmt(summarise(ours.slice(0, size)))).toBe(reference.fmt(reference.summarise(theirs.slice(0, size))));
    }
  });

  it('matches an action item within 2 turns only with the same owner, and counts span-only matches apart', () => {
    const gold: LabelledMeeting = { action_items: [{ turns: [10, 12], owner: 'Marketing' }, { turns: [40, 40], owner: null }] };
    const pred: Prediction = { action_items: [{ turns: [14, 15], owner: ' marketing' }, { turns: [43, 44], owner: null }, { turns: [30, 30], owner: null }] };
    expect(scoreMeeting(gold, pred).action).toEqual({ gold: 2, pred: 3, hits: 1, spanHits: 1 });
  });
});
