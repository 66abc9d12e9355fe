/**
 * Decoding variants measured on the held-out scores a cross-validation wrote (`npm run eval:notes-model -- --scores
 * FILE`): each meeting is decoded again from its own fold's scores, thresholds and owner model — nothing is trained or
 * tuned here — and scored with the reference scorer, once per variant of decode.ts's options.
 *
 *   npx tsx scripts/notes-model/redecode.ts --scores FILE [--labels DIR] [--meetings DIR]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { draftOf, type DecodeOptions } from '../../functions/adapters/notes-model/decode.js';
import { speakerDisplayName } from '../../functions/core/transcripts/turns.js';
import { loadHeldOut, MEETINGS_TEXT, prediction, root } from './held-out.js';

const { values } = parseArgs({
  options: {
    scores: { type: 'string' },
    labels: { type: 'string', default: path.join(root, 'data', 'notes-labels', 'qmsum') },
    meetings: { type: 'string', default: path.join(MEETINGS_TEXT, 'qmsum') },
  },
});
if (!values.scores) throw new Error('--scores FILE (written by npm run eval:notes-model -- --scores FILE) is needed.');
const { scorer, held, prepared } = await loadHeldOut(values.scores, values.labels!, values.meetings!);

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
