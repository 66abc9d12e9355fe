/**
 * Trains the chapter-boundary cue model (functions/core/chapters/boundary-cues.ts) and chooses how much it weighs
 * against lexical cohesion, how many chapters a meeting gets and the least chapter, by cross-validation by meeting
 * inside QMSum train/ (docs/insights.md, Chapters):
 *
 *   npm run train:chapter-cues -- --text ../shared/data/meetings-text/qmsum/train [--folds 5] [--write]
 *
 * Each fold's model is trained on the other folds' meetings only; every configuration (cue scale × words per chapter ×
 * count exponent × least chapter) is scored on the held-out fold's meetings by Pk beside the evenly spaced baseline, pooled over the folds. `--write`
 * trains the model on all the meetings and writes it with the chosen configuration, the command and a hash of the
 * data to functions/core/chapters/boundary-cues-data.ts. Refuses a val/ or test/ directory (never tuned on).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cueLogOdds, turnFeatures, type CueWeights } from '../functions/core/chapters/boundary-cues.js';
import { chapterCount, prepareTurns, segmentPrepared, TOPIC_SHIFT_DEFAULTS, type PreparedTurns } from '../functions/core/chapters/topic-shifts.js';
import { loadMeetings, type Meeting } from './eval-chapters/meetings.js';
import { evenBoundaries, pk, topicBoundaries } from './eval-chapters/segmentation.js';

const { values } = parseArgs({ options: { text: { type: 'string' }, folds: { type: 'string', default: '5' }, write: { type: 'boolean', default: false } } });
if (!values.text) { console.error('usage: npm run train:chapter-cues -- --text DIR [--folds 5] [--write]'); process.exit(2); }
if (/(^|\/)(val|test)\/?$/.test(values.text)) { console.error('train:chapter-cues tunes on train/ only: val/ and test/ are held out'); process.exit(2); }

const SCALES = [0, 1, 2, 3];
const WORDS_PER_CHAPTER = [500, 550, 600];
/** chapters ∝ content words ^ this (topic-shifts.ts, chapterCount). */
const COUNT_EXPONENTS = [0.5, 1];
/** The least chapter, in content words. */
const MIN_WORDS = [60, 100, 250];
/** Opening-word features seen in fewer training turns than this are left out of a model. */
const MIN_FEATURE_COUNT = 20;
const EPOCHS = 8;
const L2 = 1e-4;

interface Prepared { meeting: Meeting; features: Array<Map<string, number>>; labels: boolean[]; reference: number[]; turns: PreparedTurns }

/** Logistic regression by stochastic gradient descent over the turns of `meetings`. */
function train(meetings: readonly Prepared[]): CueWeights {
  const counts = new Map<string, number>();
  for (const m of meetings) for (const f of m.features) for (const name of f.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  const kept = new Set([...counts].filter(([name, c]) => !/^[ot]:/.test(name) || c >= MIN_FEATURE_COUNT).map(([name]) => name));
  const rows = meetings.flatMap((m) => m.features.map((f, i) => ({ f: [...f].filter(([name]) => kept.has(name)), y: m.labels[i] ? 1 : 0 })));
  const positives = rows.reduce((s, r) => s + r.y, 0);
  const prior = Math.log(positives / (rows.length - positives));
  const w = new Map<string, number>();
  let bias = prior;
  // A fixed shuffle, so that a run is repeatable.
  let seed = 7;
  const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
    const rate = 0.2 / (1 + epoch);
    for (const index of order) {
      const { f, y } = rows[index];
      let z = bias;
      for (const [name, v] of f) z += (w.get(name) ?? 0) * v;
      const g = 1 / (1 + Math.exp(-z)) - y;
      bias -= rate * g;
      for (const [name, v] of f) { const old = w.get(name) ?? 0; w.set(name, old - rate * (g * v + L2 * old)); }
    }
  }
  const weights = Object.fromEntries([...w].filter(([, v]) => Math.abs(v) >= 0.01).sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
  return { bias: Math.round(bias * 1000) / 1000, prior: Math.round(prior * 1000) / 1000, weights };
}

async function dataHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) hash.update(file).update(await readFile(path.join(dir, file)));
  return hash.digest('hex');
}

const started = performance.now();
const meetings = await loadMeetings(values.text);
const prepared: Prepared[] = meetings.map((meeting) => {
  const reference = topicBoundaries(meeting.turns.length, meeting.topics);
  const set = new Set(reference);
  return { meeting, features: turnFeatures(meeting.turns), labels: meeting.turns.map((_, i) => set.has(i)), reference,
    turns: prepareTurns(meeting.turns.map((t) => t.text), TOPIC_SHIFT_DEFAULTS.smoothing) };
});
const folds = Number(values.folds);
console.log(`${prepared.length} meetings of ${values.text}, ${folds}-fold cross-validation by meeting ` +
  `(prepared in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

interface Score { pk: number; evenPk: number; fold: number }
const scores = new Map<string, Score[]>();
for (let fold = 0; fold < folds; fold += 1) {
  const model = train(prepared.filter((_, i) => i % folds !== fold));
  for (const m of prepared.filter((_, i) => i % folds === fold)) {
    const logOdds = m.features.map((f) => cueLogOdds(model, f) - model.prior);
    const n = m.meeting.turns.length;
    for (const wordsPerChapter of WORDS_PER_CHAPTER) for (const countExponent of COUNT_EXPONENTS) for (const minWords of MIN_WORDS) {
      const k = chapterCount(m.turns.total, { ...TOPIC_SHIFT_DEFAULTS, wordsPerChapter, countExponent, minWords });
      for (const scale of SCALES) {
        const cuts = k < 2 ? [] : segmentPrepared(m.turns, k, minWords, logOdds.map((x) => scale * x));
        const key = `${wordsPerChapter} ${countExponent} ${minWords} ${scale}`;
        const score = { pk: pk(n, m.reference, cuts), evenPk: pk(n, m.reference, evenBoundaries(n, cuts.length)), fold };
        scores.set(key, [...(scores.get(key) ?? []), score]);
      }
    }
  }
  console.log(`  fold ${fold + 1}/${folds} done (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
const rows = [...scores].map(([key, s]) => {
  const [wordsPerChapter, countExponent, minWords, scale] = key.split(' ').map(Number);
  const perFold = Array.from({ length: folds }, (_, f) => {
    const part = s.filter((x) => x.fold === f);
    return mean(part.map((x) => x.pk)) / mean(part.map((x) => x.evenPk));
  });
  return {
    wordsPerChapter, countExponent, minWords, scale, pk: mean(s.map((x) => x.pk)), evenPk: mean(s.map((x) => x.evenPk)),
    ratio: mean(s.map((x) => x.pk)) / mean(s.map((x) => x.evenPk)), perFold,
  };
});
console.log('\nwords/chapter  exponent  least  cue scale  held-out Pk  even Pk  ratio  (per fold)');
for (const r of rows) {
  console.log(`  ${String(r.wordsPerChapter).padStart(5)}  ${String(r.countExponent).padStart(14)}  ${String(r.minWords).padStart(5)}  ` +
    `${String(r.scale).padStart(9)}  ${r.pk.toFixed(3).padStart(11)}  ` +
    `${r.evenPk.toFixed(3).padStart(7)}  ${r.ratio.toFixed(3)}  (${r.perFold.map((x) => x.toFixed(3)).join(' ')})`);
}
const chosen = [...rows].sort((a, b) => a.ratio - b.ratio)[0];
console.log(`\nChosen by cross-validation on ${values.text}: ${chosen.wordsPerChapter} content words a chapter (exponent ` +
  `${chosen.countExponent}), least chapter ${chosen.minWords}, cue scale ${chosen.scale} ` +
  `(held-out Pk ${chosen.pk.toFixed(3)}, even ${chosen.evenPk.toFixed(3)}, ratio ${chosen.ratio.toFixed(3)})`);

if (values.write) {
  const model = train(prepared);
  const hash = await dataHash(values.text);
  const out = path.join('functions', 'core', 'chapters', 'boundary-cues-data.ts');
  const chosenBy = `// Chosen by ${folds}-fold cross-validation by meeting inside train/: held-out Pk ${chosen.pk.toFixed(3)}, ` +
    `evenly spaced ${chosen.evenPk.toFixed(3)}, ratio ${chosen.ratio.toFixed(3)}.`;
  await writeFile(out, `// Generated by \`npm run train:chapter-cues -- --text ${values.text} --write\` (scripts/train-chapter-cues.ts). Do not edit.
// Trained on ${prepared.length} meetings of QMSum train/ (sha256 of its files: ${hash}).
${chosenBy}
import type { CueWeights } from './boundary-cues.js';

/**
 * Content words a chapter, how the count grows with length, the least chapter and the weight of the cue model's log-odds
 * in the topic-shift programme, chosen by cross-validation (topic-shifts.ts).
 */
export const CHOSEN = {
  wordsPerChapter: ${chosen.wordsPerChapter}, countExponent: ${chosen.countExponent}, minWords: ${chosen.minWords}, cueScale: ${chosen.scale},
} as const;

export const BOUNDARY_CUES: CueWeights = ${JSON.stringify(model, null, 1)};
`);
  console.log(`Wrote ${out} (${Object.keys(model.weights).length} weights)`);
}
console.log(`Took ${((performance.now() - started) / 1000).toFixed(1)} s`);
