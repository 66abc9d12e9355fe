/**
 * What the notes model reads: the transcript as speaker turns (consecutive sentences of one speaker), each
 * turn's features — its USE Lite embedding, the mean embedding of the two turns either side, and cues: length,
 * questions before/after, speaker change, position, who speaks how much, first/second-person task phrasing,
 * a due date, an answer that accepts, decision words, and whether today's rules (the extractive engine) pick
 * the turn as an action item, a decision or a summary point (as features, not verdicts).
 */
import type { Sentence } from '../../core/insights/transcript.js';
import { dueOf } from '../../core/notes/due-dates.js';
import type { NotesDraft } from '../../core/notes/model.js';
import { cleanSpoken, taskPhrase, withoutMarks } from '../../core/notes/spoken-text.js';

export interface Turn {
  readonly speaker: string;
  /** The words as said (transcriber marks removed). */
  readonly said: string;
  /** Cleaned for reading (no fillers, fragments or repeats). */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Consecutive sentences of one speaker, as one turn. */
export function turnsOf(sentences: readonly Sentence[]): Turn[] {
  const turns: Array<{ speaker: string; parts: string[]; start: number; end: number }> = [];
  for (const s of sentences) {
    const last = turns.at(-1);
    if (last && last.speaker === s.speaker) { last.parts.push(s.text); last.end = Math.max(last.end, s.end); } else turns.push({ speaker: s.speaker,
      parts: [s.text], start: s.start, end: s.end });
  }
  return turns.map(({ speaker, parts, start, end }) => {
    const said = withoutMarks(parts.join(' '));
    return { speaker, said, text: cleanSpoken(said), start, end };
  });
}

/** The text of a turn that is embedded: its cleaned words, cut to a length USE Lite reads well. */
export const embeddingText = (turn: Turn): string => (turn.text || turn.said || ' ').slice(0, 400);

/** Which turns today's rules pick, from the extractive engine's draft of the same meeting. */
export interface RuleHits { readonly action: boolean[]; readonly decision: boolean[]; readonly summary: boolean[] }

export function ruleHitsOf(turns: readonly Turn[], draft: NotesDraft): RuleHits {
  const hit = (points: ReadonlyArray<{ start: number; end: number }>) =>
    turns.map((t) => points.some((p) => p.start < t.end - 1e-6 && p.end > t.start + 1e-6));
  return { action: hit(draft.actionItems), decision: hit(draft.decisions ?? []), summary: hit(draft.summary) };
}

const ACCEPT = /^(?:yeah|yes|yep|ok|okay|sure|right|alright|all right|fine|will do|no problem|of course|mm-hmm|uh-huh|definitely|absolutely|cool|great)\b/i;
const DECIDE = /\b(?:decide[ds]?|decision|agree[ds]?|agreed|settle[ds]?|go (?:for|with)|going with|stick with|let's|we'll|we will|final|choose|chose|chosen|fixed|so we have|we've got)\b/i;
const TASK_WORDS = /\b(?:send|email|e-mail|mail|look (?:at|into)|check|find out|prepare|write|draft|bring|present|talk to|ask|contact|call|organi[sz]e|set up|schedule|circulate|report|investigate|get back|follow up|by next|next (?:time|meeting|week))\b/i;
const MEETING_END = /\b(?:next meeting|next time|next week|homework|assignment|to do|action|actions)\b/i;

/** Names of the hand-made cues, in the order of the feature vector (after the two embeddings). */
export const CUE_NAMES = [
  'log words', 'short', 'question', 'previous is question', 'next is question', 'speaker changed', 'next speaker differs',
  'position', 'position squared', 'last tenth', 'speaker share of words', 'top talker', 'self task', 'addressee task', 'group task',
  'due date', 'next accepts', 'decision words', 'task words', 'meeting-end words', 'previous by same speaker as next',
  'rules: action', 'rules: decision', 'rules: summary', 'rules: action near', 'rules: decision near',
] as const;

export function cueFeatures(turns: readonly Turn[], rules: RuleHits): number[][] {
  const words = turns.map((t) => (t.text.match(/[\p{L}\p{N}']+/gu) ?? []).length);
  const total = Math.max(1, words.reduce((a, b) => a + b, 0));
  const share = new Map<string, number>();
  turns.forEach((t, i) => share.set(t.speaker, (share.get(t.speaker) ?? 0) + words[i]! / total));
  const top = Math.max(...share.values(), 0);
  const question = turns.map((t) => /\?\s*$/.test(t.said) ? 1 : 0);
  const near = (hits: boolean[], i: number) => (hits[i - 1] || hits[i + 1] ? 1 : 0);
  return turns.map((t, i) => {
    const phrase = taskPhrase(t.text);
    const position = turns.length > 1 ? i / (turns.length - 1) : 0;
    const next = turns[i + 1];
    return [
      Math.log1p(words[i]!), words[i]! < 4 ? 1 : 0, question[i]!, question[i - 1] ?? 0, question[i + 1] ?? 0,
      i > 0 && turns[i - 1]!.speaker !== t.speaker ? 1 : 0, next && next.speaker !== t.speaker ? 1 : 0,
      position, position * position, position > 0.9 ? 1 : 0, share.get(t.speaker) ?? 0, (share.get(t.speaker) ?? 0) === top ? 1 : 0,
      phrase?.voice === 'self' ? 1 : 0, phrase?.voice === 'addressee' ? 1 : 0, phrase?.voice === 'group' ? 1 : 0,
      dueOf(t.text) ? 1 : 0, next && next.speaker !== t.speaker && ACCEPT.test(next.said.trim()) ? 1 : 0,
      DECIDE.test(t.said) ? 1 : 0, TASK_WORDS.test(t.said) ? 1 : 0, MEETING_END.test(t.said) ? 1 : 0,
      i > 0 && next && turns[i - 1]!.speaker === next.speaker ? 1 : 0,
      rules.action[i] ? 1 : 0, rules.decision[i] ? 1 : 0, rules.summary[i] ? 1 : 0, near(rules.action, i), near(rules.decision, i),
    ];
  });
}

/** One row per turn: [embedding (512), mean embedding of turns i−2..i+2 but i (512), cues]. */
export function featureRows(embeddings: readonly Float32Array[], cues: readonly number[][]): Float32Array[] {
  const d = embeddings[0]?.length ?? 0;
  return embeddings.map((own, i) => {
    const row = new Float32Array(2 * d + cues[i]!.length);
    row.set(own, 0);
    let n = 0;
    for (let k = i - 2; k <= i + 2; k++) {
      const e = k !== i ? embeddings[k] : undefined;
      if (!e) continue;
      n++;
      for (let j = 0; j < d; j++) row[d + j] += e[j]!;
    }
    if (n > 0) for (let j = 0; j < d; j++) row[d + j] /= n;
    row.set(cues[i]!, 2 * d);
    return row;
  });
}
