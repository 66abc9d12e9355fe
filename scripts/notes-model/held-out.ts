/**
 * The held-out scores a cross-validation wrote (`npm run eval:notes-model -- --scores FILE`) with what decoding them
 * again needs: each meeting's labels, turns and cached rule draft, the reference scorer, and a draft as the scorer's
 * prediction. Shared by the re-decoding scripts (redecode.ts, redecode-counts.ts).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scores, Thresholds } from '../../functions/adapters/notes-model/decode.js';
import { turnsOf } from '../../functions/adapters/notes-model/features.js';
import type { OwnerModel } from '../../functions/adapters/notes-model/owner.js';
import type { NotesDraft } from '../../functions/core/notes/model.js';
import { loadMeetings, turnSpan, type Meeting } from './data.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MEETINGS_TEXT = path.resolve(root, '..', 'shared', 'data', 'meetings-text');

export type Held = Scores & { fold: number; thresholds: Thresholds; owner?: OwnerModel };
export interface Scorer { scoreMeeting(gold: unknown, pred: unknown): unknown; summarise(scores: unknown[]): unknown; fmt(s: unknown): string }

/** A draft as the reference scorer reads predictions: turn spans of the meeting file. */
export function prediction(m: Meeting, d: NotesDraft) {
  const span = (p: { start: number; end: number }) => turnSpan(m.times, p.start, p.end);
  return {
    overview: d.overview, summary: d.summary.map((p) => ({ turns: span(p), text: p.text })),
    decisions: (d.decisions ?? []).map((p) => ({ turns: span(p), text: p.text })),
    action_items: d.actionItems.map((p) => ({ turns: span(p), owner: p.owner ?? null, text: p.text })),
  };
}

export async function loadHeldOut(scoresFile: string, labelsDir: string, meetingsDir: string) {
  const scorer = await import(pathToFileURL(path.join(MEETINGS_TEXT, 'score-notes.mjs')).href) as Scorer;
  const held = JSON.parse(await readFile(scoresFile, 'utf8')) as Record<string, Held>;
  const meetings = await loadMeetings(labelsDir, meetingsDir, new RegExp(`^(?:${Object.keys(held).join('|')})$`));
  const drafts = path.join(root, '.cache', 'notes-model', 'drafts');
  const files = await readdir(drafts);
  /** Today's rules' draft of the meeting, as train-notes cached it (their action items are owner cues). */
  const rulesOf = async (m: Meeting): Promise<NotesDraft> => {
    const file = files.find((f) => f.startsWith(`rules-${m.id}-${m.hashes[1].slice(0, 12)}-`));
    if (!file) throw new Error(`No cached rule draft of ${m.id}: run npm run eval:notes-model first.`);
    return JSON.parse(await readFile(path.join(drafts, file), 'utf8')) as NotesDraft;
  };
  const prepared = await Promise.all(meetings.map(async (m) => ({ m, turns: turnsOf(m.sentences), rules: await rulesOf(m) })));
  return { scorer, held, prepared };
}
