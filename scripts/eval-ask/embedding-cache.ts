/**
 * Turn vectors of the evaluation, cached on disk by meeting (`{dir}/{meeting}.f32`: one 512-d float32 row
 * per turn), so tuning runs of `eval:ask --direct` embed each turn once. The cache holds what the product's
 * embedder gives; it is keyed by a hash of the texts, so a changed cleaning rule re-embeds.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SentenceEmbedder } from '../../functions/core/embeddings/model.js';

/** The cache file of `texts` (whether it exists or not). */
export function cachedFile(dir: string, key: string, texts: readonly string[], embedder: Pick<SentenceEmbedder, 'name'>): string {
  const hash = createHash('sha256').update(embedder.name).update(JSON.stringify(texts)).digest('hex').slice(0, 16);
  return path.join(dir, `${key}.${hash}.f32`);
}

/** The vectors of `texts` (one per text) from the cache, or embedded and cached. */
export async function cachedVectors(dir: string, key: string, texts: readonly string[], embedder: SentenceEmbedder): Promise<Float32Array[]> {
  const file = cachedFile(dir, key, texts, embedder);
  const d = embedder.dimensions;
  try {
    const buffer = await readFile(file);
    const all = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
    if (all.length === texts.length * d) return texts.map((_, i) => all.slice(i * d, (i + 1) * d));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const vectors = await embedder.embed(texts);
  const all = new Float32Array(texts.length * d);
  vectors.forEach((v, i) => all.set(v, i * d));
  await mkdir(dir, { recursive: true });
  await writeFile(file, Buffer.from(all.buffer));
  return vectors;
}
