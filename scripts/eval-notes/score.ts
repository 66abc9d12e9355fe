/**
 * Scoring of generated notes against a scripted meeting (npm run eval:notes). An action item matches a
 * scripted one when it holds at least half of the scripted item's content words (stemmed, stop words
 * dropped), or when at least half of its own content words (two or more) are in the scripted one (MatchRule) —
 * and counts as right only when its owner is the scripted owner too. A decision matches the same way. A topic is named when all content words of one of its
 * phrasings appear. Numbers are compared spelled out.
 */
import { hasFiller, isBroken } from '../../functions/core/notes/disfluency.js';
import { contentWords as wordsOf } from '../../functions/core/notes/text.js';
import { spellNumber, spellOrdinal } from '../../local/engines/wer.js';

/**
 * Content words with numbers spelled out: the speech engine writes "90" and "29th" where a script says "ninety" and
 * "twenty-ninth" (as the WER of eval:asr compares them).
 */
const contentWords = (text: string) => wordsOf(text
  // "Wi-Fi" and "wifi", "e-mail" and "email": a hyphen after or before a part of one or two letters joins the word.
  .replace(/\b(\p{L}{1,2})-(\p{L}+)\b|\b(\p{L}+)-(\p{L}{1,2})\b/gu, (_, a, b, c, d) => (a ? `${a}${b}` : `${c}${d}`))
  .replace(/\b(\d{1,6})(?:st|nd|rd|th)\b/g, (_, digits: string) => spellOrdinal(Number(digits)))
  .replace(/\b\d{1,6}\b/g, (digits) => spellNumber(Number(digits))));

export interface ScriptedMeeting {
  readonly id: string;
  /** 'dev': used while tuning the engine; 'heldout': never looked at while tuning. */
  readonly split: 'dev' | 'heldout';
  readonly title: string;
  readonly speakers: ReadonlyArray<{ readonly name: string; readonly voice: string }>;
  /** Each topic with its accepted phrasings ("printing press" or "press"). */
  readonly topics: ReadonlyArray<readonly string[]>;
  readonly decisions: ReadonlyArray<{ readonly content: string }>;
  readonly action_items: ReadonlyArray<{ readonly owner: string | null; readonly content: string; readonly due: string | null }>;
  /** [speaker name, what they say]. */
  readonly lines: ReadonlyArray<readonly [string, string]>;
}

export interface NotesLike {
  readonly overview: string;
  readonly summary: readonly string[];
  readonly action_items: ReadonlyArray<{ readonly content: string; readonly owner?: string | null }>;
  readonly decisions?: ReadonlyArray<{ readonly content: string }>;
}

export interface MeetingScore {
  actionItems: number;
  scriptedActions: number;
  /** Content and owner right. */
  rightActions: number;
  /** Content right, owner right or wrong. */
  contentMatched: number;
  scriptedDecisions: number;
  /** Scripted decisions found in the notes (recall). */
  foundDecisions: number;
  /** Decisions in the notes, and how many of them match a scripted one (precision). */
  notedDecisions: number;
  rightDecisions: number;
  topics: number;
  overviewTopics: number;
  summaryTopics: number;
  bullets: number;
  fillerBullets: number;
  brokenBullets: number;
}

export const MATCH_SHARE = 0.5;

/** Share of the scripted text's content words found in the generated text. */
export function overlap(generated: string, scripted: string): number {
  const have = new Set(contentWords(generated));
  const want = [...new Set(contentWords(scripted))];
  return want.length === 0 ? 0 : want.filter((w) => have.has(w)).length / want.length;
}

/**
 * How an item or decision is matched. 'either' (the default): at least half of the scripted content words are in the
 * generated text, or at least half of the generated text's content words (two or more) are in the scripted one — a
 * terse item ("Connor: write the macro") matches a key written with context ("Write the macro reply for the outage
 * tickets"). 'scripted': the first way only (the rule of the figures before 25 Nov 2026, evening).
 */
export type MatchRule = 'either' | 'scripted';

export function matchShare(generated: string, scripted: string, rule: MatchRule = 'either'): number {
  const forward = overlap(generated, scripted);
  if (rule === 'scripted') return forward;
  const said = [...new Set(contentWords(generated))];
  const want = new Set(contentWords(scripted));
  const shared = said.filter((w) => want.has(w)).length;
  return Math.max(forward, shared >= 2 ? shared / said.length : 0);
}

const sameOwner = (a: string | null | undefined, b: string | null) => (a ?? null)?.toLowerCase() === b?.toLowerCase();

/** True when one phrasing of the topic is named in the text. */
export function namesTopic(text: string, phrasings: readonly string[]): boolean {
  const have = new Set(contentWords(text));
  return phrasings.some((p) => { const words = contentWords(p); return words.length > 0 && words.every((w) => have.has(w)); });
}

/** An item's text without its "Owner: " prefix (the owner is scored on its own). */
const taskOf = (item: { readonly content: string; readonly owner?: string | null }) =>
  (item.owner && item.content.startsWith(`${item.owner}:`) ? item.content.slice(item.owner.length + 1).trim() : item.content);

/** Greedy one-to-one matching of generated to scripted action items, best overlaps first. */
function matchActions(script: ScriptedMeeting, notes: NotesLike, rule: MatchRule): Array<{ w: number; g: number }> {
  const pairs = script.action_items.flatMap((want, w) => notes.action_items.map((got, g) => ({ w, g, share: matchShare(taskOf(got), want.content, rule) })))
    .filter((p) => p.share >= MATCH_SHARE).sort((a, b) => b.share - a.share);
  const usedW = new Set<number>();
  const usedG = new Set<number>();
  const matched: Array<{ w: number; g: number }> = [];
  for (const p of pairs) {
    if (usedW.has(p.w) || usedG.has(p.g)) continue;
    usedW.add(p.w); usedG.add(p.g);
    matched.push(p);
  }
  return matched;
}

/** What a reader of the scores wants to see: scripted items and decisions the notes missed, and items or decisions they added. */
export function differences(script: ScriptedMeeting, notes: NotesLike, rule: MatchRule = 'either'): string[] {
  const matched = matchActions(script, notes, rule);
  const out: string[] = [];
  script.action_items.forEach((want, w) => {
    const pair = matched.find((p) => p.w === w);
    if (!pair) out.push(`missed item: ${want.owner ?? '—'}: ${want.content}`);
    else if (!sameOwner(notes.action_items[pair.g]!.owner, want.owner)) out.push(`wrong owner: ${notes.action_items[pair.g]!.owner ??
      '—'} for ${want.owner}: ${want.content}`);
  });
  notes.action_items.forEach((got, g) => { if (!matched.some((p) => p.g === g)) out.push(`extra item: ${got.owner ?? '—'}: ${got.content}`); });
  const decisions = notes.decisions ?? [];
  for (const d of script.decisions) if (!decisions.some((g) => matchShare(g.content, d.content,
    rule) >= MATCH_SHARE)) out.push(`missed decision: ${d.content}`);
  for (const g of decisions) if (!script.decisions.some((d) => matchShare(g.content, d.content, rule) >= MATCH_SHARE)) out.push(`extra decision: ${g.content}`);
  return out;
}

export function scoreMeeting(script: ScriptedMeeting, notes: NotesLike, rule: MatchRule = 'either'): MeetingScore {
  const matched = matchActions(script, notes, rule);
  const contentMatched = matched.length;
  const rightActions = matched.filter((p) => sameOwner(notes.action_items[p.g]!.owner, script.action_items[p.w]!.owner)).length;
  const decisions = notes.decisions ?? [];
  const summary = notes.summary.join(' ');
  return {
    actionItems: notes.action_items.length,
    scriptedActions: script.action_items.length,
    rightActions, contentMatched,
    scriptedDecisions: script.decisions.length,
    foundDecisions: script.decisions.filter((d) => decisions.some((g) => matchShare(g.content, d.content, rule) >= MATCH_SHARE)).length,
    notedDecisions: decisions.length,
    rightDecisions: decisions.filter((g) => script.decisions.some((d) => matchShare(g.content, d.content, rule) >= MATCH_SHARE)).length,
    topics: script.topics.length,
    overviewTopics: script.topics.filter((t) => namesTopic(notes.overview, t)).length,
    summaryTopics: script.topics.filter((t) => namesTopic(summary, t)).length,
    bullets: notes.summary.length,
    fillerBullets: notes.summary.filter(hasFiller).length,
    brokenBullets: notes.summary.filter(isBroken).length,
  };
}

export interface Totals extends MeetingScore { meetings: number; meetingsWithTwoOverviewTopics: number }

export function total(scores: readonly MeetingScore[]): Totals {
  const sum = (k: keyof MeetingScore) => scores.reduce((s, x) => s + x[k], 0);
  const keys = Object.keys(scores[0] ?? {}) as Array<keyof MeetingScore>;
  const out = Object.fromEntries(keys.map((k) => [k, sum(k)])) as unknown as MeetingScore;
  return { ...out, meetings: scores.length, meetingsWithTwoOverviewTopics: scores.filter((s) => s.overviewTopics >= Math.min(2, s.topics)).length };
}

/** Ratios of a score (NaN-free: an empty denominator gives 1 when nothing was expected or found). */
export function ratios(s: MeetingScore) {
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  return {
    precision: ratio(s.rightActions, s.actionItems),
    recall: ratio(s.rightActions, s.scriptedActions),
    ownerAccuracy: ratio(s.rightActions, s.contentMatched),
    decisionRecall: ratio(s.foundDecisions, s.scriptedDecisions),
    decisionPrecision: ratio(s.rightDecisions, s.notedDecisions),
    summaryCoverage: ratio(s.summaryTopics, s.topics),
  };
}
