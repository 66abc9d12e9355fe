/**
 * From the model's per-turn scores to notes: action items and decisions are the turns scoring at least their
 * threshold, the best of any run of nearby ones (a task stated and then accepted is one item); each carries its
 * score as confidence. Key points: the best-scoring turn of each of up to eight equal stretches of the meeting
 * (notes cover the whole meeting, in order). The overview names the meeting's leading topics and those of each
 * sixth.
 */
import { dueOf } from '../../core/notes/due-dates.js';
import { keyphrases, type Keyphrase } from '../../core/notes/keyphrases.js';
import type { DraftActionItem, DraftPoint, NotesDraft } from '../../core/notes/model.js';
import { tag } from '../../core/notes/nlp.js';
import { listing, outcomeSentence } from '../../core/notes/overview.js';
import { ownerOf, taskPhrase } from '../../core/notes/spoken-text.js';
import type { Turn } from './features.js';
import { chooseOwner, ownerCandidates, type OwnerModel } from './owner.js';

export interface Scores { readonly action: readonly number[]; readonly decision: readonly number[]; readonly key: readonly number[] }
export interface Thresholds {
  readonly action: number;
  readonly decision: number;
  /** At most this many items of a kind per turn of the meeting (the best-scoring; chosen in the training folds). */
  readonly perTurn?: { readonly action?: number; readonly decision?: number };
  /** Items scoring under these are drafted as suggestions (chosen by train:notes from held-out precision by score band). */
  readonly suggestBelow?: { readonly action: number; readonly decision: number };
}

/** The points scoring under `below` marked as suggestions. */
export function markSuggestions<T extends DraftPoint>(points: readonly T[], below: number | undefined): T[] {
  return points.map((p) => (below !== undefined && p.confidence !== undefined && p.confidence < below ? { ...p, suggested: true } : p));
}

/** Turns this close to a better one are the same item. */
const SAME_ITEM = 3;
export const MAX_KEY_POINTS = 8;
const ACCEPTS = /^(?:yeah|yes|yep|ok|okay|sure|right|alright|all right|fine|will do|no problem|of course|definitely|absolutely)\b/i;

/**
 * Indexes of the turns at or over the threshold that are the best within `sameItem` turns of each other, in meeting
 * order; with `preferred`, a preferred turn counts as better than any other near it, whatever their scores.
 */
export function peaks(scores: readonly number[], threshold: number, cap = Infinity, sameItem = SAME_ITEM, preferred?: readonly boolean[]): number[] {
  const rank = (i: number) => (preferred?.[i] ? 1 : 0);
  const order = scores.map((s, i) => [s, i] as const).filter(([s]) => s >= threshold)
    .sort((a, b) => rank(b[1]) - rank(a[1]) || b[0] - a[0] || a[1] - b[1]);
  const kept: number[] = [];
  for (const [, i] of order) if (kept.length < cap && !kept.some((k) => Math.abs(k - i) <= sameItem)) kept.push(i);
  return kept.sort((a, b) => a - b);
}

/** Variants of the decoding (measured by scripts/notes-model/redecode.ts; the defaults are the committed decoding). */
export interface DecodeOptions {
  /** Turns this close to a better one are the same item (default SAME_ITEM). */
  readonly sameItem?: number;
  /**
   * One reading a turn: where an action item and a decision rest on the same or adjacent turns, only the one whose
   * score clears its threshold by more is drafted.
   */
  readonly exclusive?: boolean;
  /**
   * Of nearby action-item turns over the threshold, one that says a task ("I'll…", "can you…", "let's…") is the item
   * (default true since round 3; false: the best-scoring one, as before).
   */
  readonly preferTasks?: boolean;
}

/** Which turns say a task in so many words (taskPhrase): preferred as the turn an action item rests on. */
export const saysTask = (turns: readonly Turn[]) => turns.map((t) => taskPhrase(t.text) !== null);

/** Of the action and decision peaks, those that are not the weaker reading of a turn the other kind also claims. */
export function oneReading(
  action: readonly number[], decision: readonly number[], scores: Pick<Scores, 'action' | 'decision'>, thresholds: Pick<Thresholds, 'action' | 'decision'>,
): { action: number[]; decision: number[] } {
  const margin = (kind: 'action' | 'decision', i: number) => scores[kind][i]! - thresholds[kind];
  return {
    action: action.filter((i) => !decision.some((j) => Math.abs(i - j) <= 1 && margin('decision', j) > margin('action', i))),
    decision: decision.filter((j) => !action.some((i) => Math.abs(i - j) <= 1 && margin('action', i) >= margin('decision', j))),
  };
}

/** The most items of a kind a meeting of `turns` turns gets, at `perTurn` items a turn (at least one); no rate, no cap. */
export const capOf = (turns: number, perTurn: number | undefined) => (perTurn === undefined ? Infinity : Math.max(1, Math.ceil(perTurn * turns)));

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const clip = (text: string, n: number) => (words(text).length > n ? `${words(text).slice(0, n).join(' ')}…` : text);
const sentenceCase = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const withStop = (text: string) => (/[.?!…]$/.test(text) ? text : `${text}.`);
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * `ruleItems`: today's rules' action items of the meeting. `ownerModel`: the learnt owner choice (owner.ts); without
 * it, the rules' owner where one of their items lies on the chosen turn (they resolve addressees, names and answers
 * on the sentences), else ownerOf.
 */
export function actionItems(
  turns: readonly Turn[], scores: readonly number[], threshold: number, nameOf: (speaker: string) => string, ruleItems: readonly DraftActionItem[] = [],
  ownerModel?: OwnerModel, cap = Infinity, chosen = peaks(scores, threshold, cap, SAME_ITEM, saysTask(turns)),
): DraftActionItem[] {
  const names = [...new Set(turns.map((t) => nameOf(t.speaker)))];
  return chosen.map((i) => {
    const turn = turns[i]!;
    const next = turns[i + 1];
    const answered = next && next.speaker !== turn.speaker && ACCEPTS.test(next.said.trim()) ? next : undefined;
    const previous = turns.slice(0, i).reverse().find((t) => t.speaker !== turn.speaker);
    const phrase = taskPhrase(turn.text);
    const ruled = ruleItems.find((r) => r.start < turn.end - 1e-6 && r.end > turn.start + 1e-6 && r.owner !== undefined);
    const owner = ownerModel ? chooseOwner(ownerModel, ownerCandidates(turns, i, { nameOf, ruleItems }))
      : ruled ? ruled.owner ?? null : ownerOf(turn.text, phrase?.voice ?? null, {
      speaker: nameOf(turn.speaker), answeredBy: answered && nameOf(answered.speaker), previous: previous && nameOf(previous.speaker), names,
    });
    const task = clip(phrase?.task ?? turn.text.replace(/[.?!]+$/, ''), 20);
    const text = owner ? `${owner}: ${task}` : sentenceCase(task);
    const end = phrase?.voice === 'addressee' && answered ? answered.end : turn.end;
    return { text, owner, due: dueOf(`${turn.text} ${answered?.text ?? ''}`), start: turn.start, end, confidence: round2(scores[i]!) };
  });
}

export function decisions(
  turns: readonly Turn[], scores: readonly number[], threshold: number, cap = Infinity, chosen = peaks(scores, threshold, cap),
): DraftPoint[] {
  return chosen.filter((i) => turns[i]!.text).map((i) => ({
    text: withStop(sentenceCase(clip(turns[i]!.text, 30))), start: turns[i]!.start, end: turns[i]!.end, confidence: round2(scores[i]!),
  }));
}

/** The best turn (of at least six words) of each of up to MAX_KEY_POINTS equal stretches of the meeting. */
export function keyPoints(turns: readonly Turn[], scores: readonly number[]): DraftPoint[] {
  const eligible = turns.map((t) => words(t.text).length >= 6);
  const parts = Math.min(MAX_KEY_POINTS, Math.max(1, Math.floor(eligible.filter(Boolean).length / 4)));
  const out: DraftPoint[] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((p * turns.length) / parts), to = Math.floor(((p + 1) * turns.length) / parts);
    let best = -1;
    for (let i = from; i < to; i++) if (eligible[i] && (best < 0 || scores[i]! > scores[best]!)) best = i;
    if (best >= 0) out.push({ text: withStop(sentenceCase(clip(turns[best]!.text, 35))), start: turns[best]!.start, end: turns[best]!.end });
  }
  return out;
}

/** Stretches of the meeting whose own leading topic the overview names. */
const STRETCHES = 6;

/** The meeting's leading topics, then the leading topic of each sixth of the meeting not named yet: at most nine. */
export function overviewTopics(turns: readonly Turn[], excluded: ReadonlySet<string>): string[] {
  const texts = turns.map((t) => t.text);
  const tagged = texts.map((t) => tag(t));
  const name = (k: Keyphrase) => (k.bare ? k.text : `the ${k.text}`);
  const chosen: Keyphrase[] = keyphrases(texts, excluded, tagged).slice(0, 3);
  for (let q = 0; q < STRETCHES; q++) {
    const from = Math.floor((q * texts.length) / STRETCHES), to = Math.floor(((q + 1) * texts.length) / STRETCHES);
    const local = keyphrases(texts.slice(from, to), excluded, tagged.slice(from, to));
    const fresh = local.find((k) => !chosen.some((c) => c.lemmas.some((l) => k.lemmas.includes(l))));
    if (fresh) chosen.push(fresh);
  }
  return chosen.map(name);
}

export function draftOf(
  turns: readonly Turn[], scores: Scores, thresholds: Thresholds, nameOf: (speaker: string) => string, rules?: NotesDraft, ownerModel?: OwnerModel,
  options: DecodeOptions = {},
): NotesDraft {
  const people = [...new Set(turns.map((t) => nameOf(t.speaker)))];
  const excluded = new Set(people.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const caps = { action: capOf(turns.length, thresholds.perTurn?.action), decision: capOf(turns.length, thresholds.perTurn?.decision) };
  let chosen = {
    action: peaks(scores.action, thresholds.action, caps.action, options.sameItem,
      options.preferTasks === false ? undefined : saysTask(turns)),
    decision: peaks(scores.decision, thresholds.decision, caps.decision, options.sameItem),
  };
  if (options.exclusive) chosen = oneReading(chosen.action, chosen.decision, scores, thresholds);
  const items = markSuggestions(actionItems(turns, scores.action, thresholds.action, nameOf, rules?.actionItems, ownerModel,
    caps.action, chosen.action), thresholds.suggestBelow?.action);
  const agreed = markSuggestions(
    decisions(turns, scores.decision, thresholds.decision, caps.decision, chosen.decision), thresholds.suggestBelow?.decision);
  const topics = overviewTopics(turns, excluded);
  const who = people.length > 4 ? `${people.slice(0, 3).join(', ')} and ${people.length - 3} others` : listing(people);
  const overview = turns.length === 0
    ? 'Nothing was said in this recording.'
    : `${who} discussed ${topics.length > 0 ? listing(topics) : 'no clear topic'}. ${outcomeSentence(people.length, agreed.length, items.length)}`;
  return { overview, summary: keyPoints(turns, scores.key), actionItems: items, decisions: agreed };
}
