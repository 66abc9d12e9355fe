/**
 * The notes model engine (NOTES_ENGINE=model): per speaker turn, three classifiers (action item, decision, key
 * point; each a logistic regression over the whole row or a small MLP over the row with its embeddings projected on
 * their principal components) over USE Lite embeddings and cues (features.ts) score the turn; decode.ts turns the
 * scores into notes. The weights (notes-model.json, made by `npm run train:notes`) and the embedding model
 * load once per container.
 */
import { readFile } from 'node:fs/promises';
import type { SentenceEmbedder } from '../../core/embeddings/model.js';
import type { Sentence } from '../../core/insights/transcript.js';
import { createExtractiveNotesEngine } from '../../core/notes/extractive-engine.js';
import type { NotesDraft, NotesEngine, NotesInput } from '../../core/notes/model.js';
import { cleanSpoken, withoutMarks } from '../../core/notes/spoken-text.js';
import { speakerDisplayName } from '../../core/transcripts/turns.js';
import { predictLogistic, type LogisticModel } from './classifier.js';
import { predictMlp, type MlpModel } from './mlp.js';
import type { Projection } from './projection.js';
import { draftOf, type Scores, type Thresholds } from './decode.js';
import { OWNER_FEATURES, type OwnerModel } from './owner.js';
import { CUE_NAMES, cueFeatures, embeddingText, featureRows, netInput, rowLength, ruleHitsOf, turnsOf, type Turn } from './features.js';

/** One label's classifier: a logistic regression over the whole row, or an MLP over the row as `netInput` gives it. */
export type Net = ({ readonly type: 'logistic' } & LogisticModel) | ({ readonly type: 'mlp' } & MlpModel);

export const FORMAT = 'meetscribe-notes-model/2';
const DIMENSIONS = 512;

export interface NotesModelFile {
  readonly format: typeof FORMAT;
  readonly command: string;
  readonly trainedAt: string;
  /** SHA-256 over the label and meeting files it was trained on. */
  readonly dataSha256: string;
  readonly meetings: readonly string[];
  readonly embedder: string;
  readonly cues: readonly string[];
  readonly thresholds: Thresholds;
  /** Cross-validated figures (held-out meetings only), as the training printed them. */
  readonly crossValidation: unknown;
  /** Principal components of the embeddings, for the MLPs' inputs (fitted on the training meetings). */
  readonly projection?: Projection;
  readonly models: Models;
}

export interface Models { readonly action: Net; readonly decision: Net; readonly key: Net; readonly owner?: OwnerModel }

export class NotesModelError extends Error {}

/** The model file, checked for its shape (a file from another feature set is refused). */
export function parseNotesModel(json: string): NotesModelFile {
  const file = JSON.parse(json) as NotesModelFile;
  if (file.format !== FORMAT) throw new NotesModelError(`The notes model file is not in the ${FORMAT} format; retrain with npm run train:notes.`);
  const k = file.projection?.components.length ?? 0;
  if (file.projection && (file.projection.mean.length !== DIMENSIONS || file.projection.components.some((c) => c.length !== DIMENSIONS))) {
    throw new NotesModelError(`The notes model's projection does not fit ${DIMENSIONS}-dimension embeddings; retrain with npm run train:notes.`);
  }
  for (const kind of ['action', 'decision', 'key'] as const) {
    const net = file.models?.[kind];
    const dims = net?.type === 'mlp' && file.projection ? rowLength(k) : rowLength(DIMENSIONS);
    const fits = net?.type === 'logistic' ? net.weights?.length === rowLength(DIMENSIONS)
      : net?.type === 'mlp' ? net.mean?.length === dims && net.w1?.length === dims * net.b1.length && net.w2?.length === net.b1.length : false;
    if (!fits) throw new NotesModelError(
      `The notes model's ${kind} weights do not fit the ${dims} features of this engine (${CUE_NAMES.length} cues); retrain with npm run train:notes.`);
  }
  if (file.models.owner && file.models.owner.weights?.length !== OWNER_FEATURES.length) throw new NotesModelError(
    `The notes model's owner weights do not fit the ${OWNER_FEATURES.length} owner cues of this engine; retrain with npm run train:notes.`);
  return file;
}

export const MODEL_FILE = new URL('./notes-model.json', import.meta.url);

let shared: Promise<NotesModelFile> | undefined;
/** The committed model, read once per container. */
export function loadNotesModel(): Promise<NotesModelFile> {
  shared ??= readFile(MODEL_FILE, 'utf8').then(parseNotesModel).catch((error: unknown) => { shared = undefined; throw error; });
  return shared;
}

export interface Analysis { readonly turns: Turn[]; readonly rows: Float32Array[]; readonly rules: NotesDraft }

/** Today's rules on the sentences without transcriber marks and stutters (their picks are features of the model). */
export function ruleDraft({ sentences, speakerNames = {} }: NotesInput): Promise<NotesDraft> {
  const readable: Sentence[] = sentences.map((s) => ({ ...s, text: cleanSpoken(withoutMarks(s.text), { keepOpeners: true }) })).filter((s) => s.text);
  return createExtractiveNotesEngine().draft({ sentences: readable, speakerNames });
}

/** The turns of a meeting and one feature row per turn (`rules`: ruleDraft of the same input, when already made). */
export async function analyse(input: NotesInput, embedder: SentenceEmbedder, rules?: NotesDraft): Promise<Analysis> {
  const turns = turnsOf(input.sentences);
  rules ??= await ruleDraft(input);
  const embeddings = await embedSorted(embedder, turns.map(embeddingText));
  return { turns, rows: featureRows(embeddings, cueFeatures(turns, ruleHitsOf(turns, rules))), rules };
}

/** Embeds texts shortest first (the model pads a batch to its longest text) and returns them in input order. */
async function embedSorted(embedder: SentenceEmbedder, texts: readonly string[]): Promise<Float32Array[]> {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
  const vectors = await embedder.embed(order.map((i) => texts[i]!));
  const out = new Array<Float32Array>(texts.length);
  order.forEach((i, k) => { out[i] = vectors[k]!; });
  return out;
}

export const predictNet = (net: Net, row: Float32Array, input: Float32Array): number =>
  (net.type === 'mlp' ? predictMlp(net, input) : predictLogistic(net, row));

/** Each turn's scores (`rows` as featureRows gives them; `inputs`: the same through netInput, when already made). */
export function scoresOf(
  models: Models, rows: readonly Float32Array[], projection?: Projection, inputs = rows.map((r) => netInput(r, DIMENSIONS, projection)),
): Scores {
  return {
    action: rows.map((r, i) => predictNet(models.action, r, inputs[i]!)),
    decision: rows.map((r, i) => predictNet(models.decision, r, inputs[i]!)),
    key: rows.map((r, i) => predictNet(models.key, r, inputs[i]!)),
  };
}

export function createModelNotesEngine(deps: { embedder: SentenceEmbedder; model: () => Promise<NotesModelFile> }): NotesEngine {
  return {
    name: 'model',
    async draft(input: NotesInput): Promise<NotesDraft> {
      const model = await deps.model();
      const { turns, rows, rules } = await analyse(input, deps.embedder);
      const names = input.speakerNames ?? {};
      const nameOf = (label: string) => names[label]?.trim() || speakerDisplayName(label);
      return draftOf(turns, scoresOf(model.models, rows, model.projection), model.thresholds, nameOf, rules, model.models.owner);
    },
  };
}
