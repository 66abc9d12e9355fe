/**
 * A learnt expected count of items per meeting in decoding (issue 27, round 4, item 2), measured on the held-out
 * scores a cross-validation wrote (`npm run eval:notes-model -- --scores FILE`): each meeting keeps its fold's
 * scores, thresholds and owner model (nothing retrained), and instead of every peak over the threshold it gets the
 * top k peaks, k = factor × the rate of labelled items per turn in the *other* folds' meetings (all of them, or
 * those of its own kind — AMI, ICSI, committee, from the meeting id: a bound on what a kind classifier could give)
 * × its turns; "floor 0" ignores the threshold, "floor fold" keeps it. Scored with the reference scorer.
 *
 *   npx tsx scripts/notes-model/redecode-counts.ts FILE
 */
import path from 'node:path';
import { draftOf, type Thresholds } from '../../functions/adapters/notes-model/decode.js';
import { speakerDisplayName } from '../../functions/core/transcripts/turns.js';
import { loadHeldOut, MEETINGS_TEXT, prediction, root, type Held } from './held-out.js';

if (!process.argv[2]) throw new Error('Give the held-out scores file (npm run eval:notes-model -- --scores FILE).');
const { scorer, held, prepared } = await loadHeldOut(process.argv[2], path.join(root, 'data', 'notes-labels', 'qmsum'), path.join(MEETINGS_TEXT, 'qmsum'));
const kindOf = (id: string) => (/^(ES|IS|TS)/.test(id) ? 'ami' : /^B/.test(id) ? 'icsi' : 'committee');
// rates learnt from the training folds' labels: items per model turn, global or per kind
function rate(fold: number, kind: 'action_items' | 'decisions', byKind: string | null) {
  let items = 0, turns = 0;
  for (const p of prepared) {
    if (held[p.m.id]!.fold === fold) continue;
    if (byKind && kindOf(p.m.id) !== byKind) continue;
    items += p.m.labels[kind].length; turns += p.turns.length;
  }
  return items / Math.max(1, turns);
}
function run(name: string, t: (p: typeof prepared[number], h: Held) => Thresholds) {
  const scores = prepared.map((p) => {
    const h = held[p.m.id]!;
    const nameOf = (label: string) => p.m.speakerNames[label]?.trim() || speakerDisplayName(label);
    return scorer.scoreMeeting(p.m.labels, prediction(p.m, draftOf(p.turns, h, t(p, h), nameOf, p.rules, h.owner)));
  });
  console.log(`${name.padEnd(50)} ${scorer.fmt(scorer.summarise(scores))}`);
}
run('as committed', (_, h) => h.thresholds);
for (const byKind of [false, true]) for (const factor of [0.5, 0.75, 1, 1.5]) for (const floor of [0, 'fold'] as const) {
  run(`top-k ${byKind ? 'per kind' : 'global'} ×${factor} floor ${floor}`, (p, h) => {
    const k = byKind ? kindOf(p.m.id) : null;
    const f = held[p.m.id]!.fold;
    return { ...h.thresholds, action: floor === 0 ? 0 : h.thresholds.action, decision: floor === 0 ? 0 : h.thresholds.decision,
      perTurn: { action: factor * rate(f, 'action_items', k), decision: factor * rate(f, 'decisions', k) } };
  });
}
