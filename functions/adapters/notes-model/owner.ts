/**
 * Who owns an action item, learnt (issue 27): for the turn an item rests on, the people it could belong to —
 * the speaker, the next and the previous other speakers, a speaker named in the turn or beside it, the whole
 * group (null) — each described by cues (how the task is said, who answers and how, who is named, what the
 * rules and `ownerOf` say, how much the candidate talks), and a conditional logit (one weight per cue, a softmax
 * over the candidates) trained on the labelled items' owners picks one.
 */
import type { DraftActionItem } from '../../core/notes/model.js';
import { ownerOf, taskPhrase } from '../../core/notes/spoken-text.js';
import { seededRandom } from './classifier.js';
import type { Turn } from './features.js';

export interface OwnerCandidate {
  /** A speaker's name, or null for the whole group. */
  readonly owner: string | null;
  readonly features: number[];
}

export interface OwnerModel { readonly weights: number[] }

/** How far (in turns) the next or previous other speaker may be. */
const REACH = 3;
const ACCEPT = /^(?:yeah|yes|yep|ok|okay|sure|right|alright|all right|fine|will do|no problem|of course|definitely|absolutely|I will|I can|I'll)\b/i;
const GROUP_WORDS = /\b(?:we|we'll|we're|we've|let's|us|our|everyone|everybody|all of us|each of us|everybody's|you all|you guys|all of you)\b/i;
const FIRST_PERSON = /\b(?:I|I'll|I'm|I'd|I've|me|my|myself)\b/;
const SECOND_PERSON = /\b(?:you|you'll|you're|your|yourself)\b/i;
/** Words of a speaker's name that say nothing about who it is. */
const TITLE_WORDS = new Set(['am', 'mp', 'ms', 'mr', 'mrs', 'dr', 'grad', 'phd', 'the', 'and', 'of', 'user', 'professor', 'postdoc', 'undergrad', 'speaker']);

export const OWNER_FEATURES = [
  'group', 'speaker', 'next speaker', 'previous speaker', 'named in turn', 'named beside', 'rules owner', 'ownerOf',
  'speaker × self', 'speaker × addressee', 'speaker × group voice', 'speaker × no phrase',
  'next × self', 'next × addressee', 'next × group voice', 'next × no phrase',
  'previous × self', 'previous × addressee', 'previous × group voice', 'previous × no phrase',
  'group × group voice', 'group × group words', 'group × no phrase',
  'next accepts', 'speaker × turn accepts', 'previous × turn accepts', 'speaker × previous asks you',
  'speaker × first person', 'next × second person', 'previous × second person', 'next speaks in 2 turns',
  'share of words', 'top talker', 'named × second person',
] as const;

/** Distinctive words of each speaker's name (shared or title words left out), lowercased. */
function nameWords(names: readonly string[]): Map<string, string[]> {
  const wordsOf = (n: string) => n.toLowerCase().split(/[^\p{L}'-]+/u).filter((w) => w.length >= 3 && !TITLE_WORDS.has(w));
  const count = new Map<string, number>();
  for (const n of names) for (const w of new Set(wordsOf(n))) count.set(w, (count.get(w) ?? 0) + 1);
  return new Map(names.map((n) => [n, wordsOf(n).filter((w) => count.get(w) === 1)]));
}

const named = (text: string, words: readonly string[]) => {
  const lower = ` ${text.toLowerCase().replace(/[^\p{L}'-]+/gu, ' ')} `;
  return words.some((w) => lower.includes(` ${w} `));
};

export interface OwnerContext {
  readonly nameOf: (speaker: string) => string;
  /** Today's rules' action items (their owner on the turn is a cue). */
  readonly ruleItems?: readonly DraftActionItem[];
}

/** The candidates for the owner of an item resting on turn `i`, each with its cues (OWNER_FEATURES). */
export function ownerCandidates(turns: readonly Turn[], i: number, ctx: OwnerContext): OwnerCandidate[] {
  const turn = turns[i]!;
  const nameOf = ctx.nameOf;
  const people = [...new Set(turns.map((t) => nameOf(t.speaker)))];
  const words = nameWords(people);
  const speaker = nameOf(turn.speaker);
  const nextTurn = turns.slice(i + 1, i + 1 + REACH).find((t) => t.speaker !== turn.speaker);
  const previousTurn = turns.slice(Math.max(0, i - REACH), i).reverse().find((t) => t.speaker !== turn.speaker);
  const next = nextTurn && nameOf(nextTurn.speaker);
  const previous = previousTurn && nameOf(previousTurn.speaker);
  const inTurn = people.filter((p) => p !== speaker && named(turn.said, words.get(p)!));
  const beside = people.filter((p) => [turns[i - 1], turns[i + 1]].some((t) => t && named(t.said, words.get(p)!)));
  const phrase = taskPhrase(turn.text);
  const voice = phrase?.voice ?? null;
  const answered = nextTurn && ACCEPT.test(nextTurn.said.trim()) ? next : undefined;
  const heuristic = ownerOf(turn.text, voice, { speaker, answeredBy: answered, previous, names: people });
  const ruled = ctx.ruleItems?.find((r) => r.start < turn.end - 1e-6 && r.end > turn.start + 1e-6 && r.owner !== undefined);
  const turnAccepts = ACCEPT.test(turn.said.trim()) && turn.said.split(/\s+/).length <= 12 ? 1 : 0;
  const previousAsks = previousTurn && taskPhrase(previousTurn.text)?.voice === 'addressee' ? 1 : 0;
  const soon = new Set(turns.slice(i + 1, i + 3).map((t) => nameOf(t.speaker)));

  const wordCount = turns.map((t) => t.text.split(/\s+/).filter(Boolean).length);
  const total = Math.max(1, wordCount.reduce((a, b) => a + b, 0));
  const share = new Map<string, number>();
  turns.forEach((t, k) => share.set(nameOf(t.speaker), (share.get(nameOf(t.speaker)) ?? 0) + wordCount[k]! / total));
  const top = Math.max(0, ...share.values());

  const second = SECOND_PERSON.test(turn.said) ? 1 : 0;
  const v = (want: string | null) => (voice === want ? 1 : 0);
  const features = (who: string | null): number[] => {
    const isGroup = who === null ? 1 : 0;
    const isSpeaker = who === speaker ? 1 : 0;
    const isNext = who !== null && who === next ? 1 : 0;
    const isPrevious = who !== null && who === previous ? 1 : 0;
    const isNamed = who !== null && inTurn.includes(who) ? 1 : 0;
    return [
      isGroup, isSpeaker, isNext, isPrevious, isNamed, who !== null && beside.includes(who) ? 1 : 0,
      ruled && (ruled.owner ?? null) === who ? 1 : 0, heuristic === who ? 1 : 0,
      isSpeaker * v('self'), isSpeaker * v('addressee'), isSpeaker * v('group'), isSpeaker * v(null),
      isNext * v('self'), isNext * v('addressee'), isNext * v('group'), isNext * v(null),
      isPrevious * v('self'), isPrevious * v('addressee'), isPrevious * v('group'), isPrevious * v(null),
      isGroup * v('group'), isGroup * (GROUP_WORDS.test(turn.said) ? 1 : 0), isGroup * v(null),
      isNext * (answered ? 1 : 0), isSpeaker * turnAccepts, isPrevious * turnAccepts, isSpeaker * previousAsks,
      isSpeaker * (FIRST_PERSON.test(turn.said) ? 1 : 0), isNext * second, isPrevious * second,
      who !== null && who !== speaker && soon.has(who) ? 1 : 0,
      who === null ? 0 : share.get(who) ?? 0, who !== null && share.get(who) === top ? 1 : 0, isNamed * second,
    ];
  };
  const candidates = [...new Set<string | null>([speaker, next, previous, ...inTurn, ...beside, null].filter((c) => c !== undefined))];
  return candidates.map((owner) => ({ owner, features: features(owner) }));
}

const scoreOf = (model: OwnerModel, features: readonly number[]) => features.reduce((z, f, j) => z + f * (model.weights[j] ?? 0), 0);

/** The candidate the model scores highest (ties: the earlier one, i.e. the speaker first). */
export function chooseOwner(model: OwnerModel, candidates: readonly OwnerCandidate[]): string | null {
  let best = 0;
  candidates.forEach((c, k) => { if (scoreOf(model, c.features) > scoreOf(model, candidates[best]!.features)) best = k; });
  return candidates[best]?.owner ?? null;
}

export interface OwnerExample { readonly candidates: readonly OwnerCandidate[]; /** Index of the right candidate. */ readonly answer: number }

/**
 * A conditional logit fitted by full-batch gradient descent with L2 (deterministic: no sampling; the seed only
 * breaks the symmetry of the starting weights, which are tiny).
 */
export function trainOwner(
  examples: readonly OwnerExample[], options: { epochs?: number; learningRate?: number; l2?: number; seed?: number } = {},
): OwnerModel {
  const { epochs = 300, learningRate = 0.5, l2 = 1e-3, seed = 27 } = options;
  const d = OWNER_FEATURES.length;
  const random = seededRandom(seed);
  const w = Array.from({ length: d }, () => (random() - 0.5) * 1e-3);
  if (examples.length === 0) return { weights: w };
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = new Array<number>(d).fill(0);
    for (const { candidates, answer } of examples) {
      const z = candidates.map((c) => scoreOf({ weights: w }, c.features));
      const max = Math.max(...z);
      const e = z.map((x) => Math.exp(x - max));
      const sum = e.reduce((a, b) => a + b, 0);
      candidates.forEach((c, k) => {
        const p = e[k]! / sum - (k === answer ? 1 : 0);
        for (let j = 0; j < d; j++) grad[j]! += p * c.features[j]!;
      });
    }
    for (let j = 0; j < d; j++) w[j]! -= learningRate * (grad[j]! / examples.length + l2 * w[j]!);
  }
  return { weights: w.map((x) => Number(x.toPrecision(4))) };
}
