/**
 * Fills the evaluation's turn-vector cache (scripts/eval-ask/embedding-cache.ts) for a folder of QMSum-format meetings:
 * each meeting's turns and its questions, smallest meetings first, skipping what is cached.
 *   npx tsx scripts/embed-ask-cache.ts [DIR] [--cache DIR]
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { useLiteEmbedder } from '../functions/adapters/embeddings/use-lite.js';
import { cachedVectors } from './eval-ask/embedding-cache.js';
import { readMeetings } from './eval-ask/qmsum.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { cache: { type: 'string' } } });
const dir = positionals[0] ?? '../shared/data/meetings-text/qmsum/train';
const cacheDir = values.cache ?? path.join(os.tmpdir(), 'meetscribe-eval-ask');
const embedder = useLiteEmbedder();
const meetings = (await readMeetings(dir)).sort((a, b) => a.turns.length - b.turns.length);
for (const m of meetings) {
  const started = performance.now();
  await cachedVectors(cacheDir, `${m.id}.questions`, m.questions.map((q) => q.query), embedder);
  await cachedVectors(cacheDir, m.id, m.turns.map((t) => t.text), embedder);
  console.log(`${m.id} ${m.turns.length} turns ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
