/**
 * Decoding variants measured on the held-out scores a cross-validation wrote (`npm run eval:notes-model -- --scores
 * FILE`): each meeting is decoded again from its own fold's scores, thresholds and owner model — nothing is trained or
 * tuned here — and scored with the reference scorer, once per variant of decode.ts's options.
 *
 *   npx tsx scripts/notes-model/redecode.ts --scores FILE [--labels DIR] [--meetings DIR]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { draftOf, type DecodeOptions, type Scores, type Thresholds } from '../../functions/adapters/notes-model/decode.js';
import { turnsOf } from '../../functions/adapters/notes-model/features.js';
import type { OwnerModel } from '../../functions/adapters/notes-model/owner.js';
import type { NotesDraft } from '../../functions/core/notes/model.js';
import { speakerDisplayName } from '../../functions/core/transcripts/turns.js';
import { loadMeetings, turnSpan, type Meeting } from './data.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = parseArgs({
  options: {
    scores: { type: 'string' },
    labels: { type: 'string', default: path.join(root, 'data', 'notes-labels', 'qmsum') },
    meetings: { type: 'string', default: path.resolve(root, '..', 'shared', 'data', 'meetings-text', 'qmsum') },
  },
});
if (!values.scores) throw new Error('--scores FILE (written by npm run eval:notes-model -- --scores FILE) is needed.');
const scorer = await import(pathToFileURL(path.resolve(root, '..', 'shared', 'data', 'meetings-text', 'score-notes.mjs')).href) as {
  scoreMeeting(gold: unknown, pred: unknown): unknown; summarise(scores: unknown[]): unknown; fmt(s: unknown): string;
};
type Held = Scores & { fold: number; thresholds: Thresholds; owner?: OwnerModel };
const held = JSON.parse(await readFile(values.scores, 'utf8')) as Record<string, Held>;
const ids = Object.keys(held);
const meetings = await loadMeetings(values.labels!, values.meetings!, new RegExp(`^(?:${ids.join('|')})$`));
const drafts = path.join(root, '.cache', 'notes-model', 'drafts');
const files = await readdir(drafts);
/** Today's rules' draft of the meeting, as train-notes cached it (their action items are owner cues). */
async function rulesOf(m: Meeting): Promise<NotesDraft> {
  const file = files.find((f) => f.startsWith(`rules-${m.id}-${m.hashes[1].slice(0, 12)}-`));
  if (!file) throw new Error(`No cached rule draft of ${m.id}: run npm run eval:notes-model first.`);
  return JSON.parse(await readFile(path.join(drafts, file), 'utf8')) as NotesDraft;
}
const prepared = await Promise.all(meetings.map(async (m) => ({ m, turns: turnsOf(m.sentences), rules: await rulesOf(m) })));

const prediction = (m: Meeting, d: NotesDraft) => {
  const span = (p: { start: number; end: number }) => turnSpan(m.times, p.start, p.end);
  return {
    overview: d.overview, summary: d.summary.map((p) => ({ turns: span(p), text: p.text })),
    decisions: (d.decisions ?? []).map((p) => ({ turns: span(p), text: p.text })),
    action_items: d.actionItems.map((p) => ({ turns: span(p), owner: p.owner ?? null, text: p.text })),
  };
};

const VARIANTS: Record<string, DecodeOptions> = {
  'as committed': {},
  'same item within 2': { sameItem: 2 },
  'same item within 4': { sameItem: 4 },
  'same item within 5': { sameItem: 5 },
  'one reading a turn (action or decision)': { exclusive: true },
  'same item within 1': { sameItem: 1 },
  'the best-scoring turn, whether it says a task or not': { preferTasks: false },
};
for (const [name, options] of Object.entries(VARIANTS)) {
  const scores = prepared.map(({ m, turns, rules }) => {
    const h = held[m.id]!;
    const nameOf = (label: string) => m.speakerNames[label]?.trim() || speakerDisplayName(label);
    return scorer.scoreMeeting(m.labels, prediction(m, draftOf(turns, h, h.thresholds, nameOf, rules, h.owner, options)));
  });
  console.log(`${name.padEnd(42)} ${scorer.fmt(scorer.summarise(scores))}`);
}
