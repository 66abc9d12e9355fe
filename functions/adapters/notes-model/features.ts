/**
 * What the notes model reads: the transcript as speaker turns (consecutive sentences of one speaker), each
 * turn's features — its USE Lite embedding, the mean embedding of the two turns either side, the embeddings of
 * the previous and the next turn, the cues of the turn and of the two turns either side, the meeting's own
 * cues (its length, share of questions, of rule-picked tasks, its mean turn length), and cues: length,
 * questions before/after, speaker change, position, who speaks how much, first/second-person task phrasing,
 * a due date, an answer that accepts, decision words, and whether today's rules (the extractive engine) pick
 * the turn as an action item, a decision or a summary point (as features, not verdicts).
 */
import type { Sentence } from '../../core/insights/transcript.js';
import { dueOf } from '../../core/notes/due-dates.js';
import type { NotesDraft } from '../../core/notes/model.js';
import { cleanSpoken, taskPhrase, withoutMarks } from '../../core/notes/spoken-text.js';
import { projectInto, type Projection } from './projection.js';

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
  'rules: action', 'rules: decision', 'rules: summary', 'rules: action near', 'rules: decision near', 'next commits',
] as const;

/** The next other speaker's turn takes a task on ("I'll…", "I will", "I can", "will do", "sure"). */
const COMMITS = /^(?:(?:yeah|yes|yep|ok|okay|sure|right|alright|fine)\b[\s,.!]*)?(?:I'll|I will|I can|I could|will do|sure|no problem|of course)\b/i;

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
      next && next.speaker !== t.speaker && COMMITS.test(next.said.trim()) ? 1 : 0,
    ];
  });
}

/** The embedding blocks of a row, each of the embedder's dimensions, in this order. */
export const EMBEDDING_BLOCKS = ['turn', 'mean of the two turns either side', 'previous turn', 'next turn'] as const;
/** The turns, relative to a row's own, whose cues (CUE_NAMES) follow the embeddings, in this order. */
export const CUE_OFFSETS = [0, -2, -1, 1, 2] as const;
export const MEETING_CUES = ['log turns', 'share of questions', 'share of rule tasks', 'mean log words'] as const;
/** The length of a feature row for embeddings of `d` dimensions. */
export const rowLength = (d: number) => EMBEDDING_BLOCKS.length * d + CUE_OFFSETS.length * CUE_NAMES.length + MEETING_CUES.length;

/**
 * One row per turn: [embedding, mean embedding of turns i−2..i+2 but i, embedding of turn i−1, of turn i+1 (zeros
 * at the ends), cues of turns i, i−2, i−1, i+1, i+2 (zeros past the ends), meeting cues].
 */
export function featureRows(embeddings: readonly Float32Array[], cues: readonly number[][]): Float32Array[] {
  const d = embeddings[0]?.length ?? 0;
  const c = cues[0]?.length ?? 0;
  const n = embeddings.length;
  const share = (name: (typeof CUE_NAMES)[number]) => cues.reduce((a, row) => a + (row[CUE_NAMES.indexOf(name)] ?? 0), 0) / Math.max(1, n);
  const meeting = [Math.log1p(n), share('question'), share('rules: action'), share('log words')];
  return embeddings.map((own, i) => {
    const row = new Float32Array(EMBEDDING_BLOCKS.length * d + CUE_OFFSETS.length * c + meeting.length);
    row.set(own, 0);
    let count = 0;
    for (let k = i - 2; k <= i + 2; k++) {
      const e = k !== i ? embeddings[k] : undefined;
      if (!e) continue;
      count++;
      for (let j = 0; j < d; j++) row[d + j] += e[j]!;
    }
    if (count > 0) for (let j = 0; j < d; j++) row[d + j] /= count;
    if (embeddings[i - 1]) row.set(embeddings[i - 1]!, 2 * d);
    if (embeddings[i + 1]) row.set(embeddings[i + 1]!, 3 * d);
    CUE_OFFSETS.forEach((offset, k) => { if (cues[i + offset]) row.set(cues[i + offset]!, EMBEDDING_BLOCKS.length * d + k * c); });
    row.set(meeting, EMBEDDING_BLOCKS.length * d + CUE_OFFSETS.length * c);
    return row;
  });
}

/** What a net reads of a row: with a projection, each embedding block projected (projection.ts) and the cues as they are. */
export function netInput(row: Float32Array, d: number, projection?: Projection): Float32Array {
  if (!projection) return row;
  const k = projection.components.length;
  const blocks = EMBEDDING_BLOCKS.length;
  const out = new Float32Array(blocks * k + row.length - blocks * d);
  for (let b = 0; b < blocks; b++) projectInto(projection, row.subarray(b * d, (b + 1) * d), out, b * k);
  out.set(row.subarray(blocks * d), blocks * k);
  return out;
}
