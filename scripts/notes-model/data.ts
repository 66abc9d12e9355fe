/**
 * The labelled real meetings (QMSum transcripts + labels per /work/shared/data/meetings-text/ANNOTATION.md) as the
 * product sees them after a transcript import: one transcript turn per QMSum turn, speakers named from the file,
 * synthetic times from each turn's length (0.4 s a word, at least 1 s, back to back, as the import gives turns
 * without times), split into sentences as the pipeline does. Also maps a time range back to turn indices.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, appendFile } from 'node:fs/promises';
import path from 'node:path';
import { splitSentences } from '../../functions/core/insights/sentences.js';
import type { Sentence, TranscriptTurn } from '../../functions/core/insights/transcript.js';
import type { SentenceEmbedder } from '../../functions/core/embeddings/model.js';

export interface GoldItem { turns: [number, number]; owner?: string | null; task?: string; text?: string; due?: string | null; name?: string }
export interface Labels { meeting: string; action_items: GoldItem[]; decisions: GoldItem[]; key_points: GoldItem[]; topics: GoldItem[] }

export interface Meeting {
  readonly id: string;
  readonly labels: Labels;
  readonly turns: ReadonlyArray<{ speaker: string; content: string }>;
  /** [start, end] seconds of each QMSum turn. */
  readonly times: ReadonlyArray<readonly [number, number]>;
  readonly sentences: Sentence[];
  readonly speakerNames: Record<string, string>;
  /** SHA-256 of the label file and of the meeting file. */
  readonly hashes: readonly [string, string];
}

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export async function loadMeetings(labelsDir: string, meetingsDir: string, only?: RegExp): Promise<Meeting[]> {
  const files = (await readdir(labelsDir)).filter((f) => f.endsWith('.json')).sort();
  const out: Meeting[] = [];
  for (const file of files) {
    const id = file.replace(/\.json$/, '');
    if (only && !only.test(id)) continue;
    const where = ['train', 'val'].map((split) => path.join(meetingsDir, split, file)).find((p) => existsSync(p));
    if (!where) throw new Error(`No meeting file for the labels ${file} in ${meetingsDir}/{train,val}.`);
    const labelText = await readFile(path.join(labelsDir, file), 'utf8');
    const meetingText = await readFile(where, 'utf8');
    const labels = JSON.parse(labelText) as Labels;
    const turns = (JSON.parse(meetingText) as { meeting_transcripts: Array<{ speaker: string; content: string }> }).meeting_transcripts;
    out.push({ id, labels, turns, ...imported(turns), hashes: [sha(labelText), sha(meetingText)] });
  }
  return out;
}

/** The turns as the transcript import stores them and the pipeline splits them into sentences. */
export function imported(turns: ReadonlyArray<{ speaker: string; content: string }>) {
  const labelOf = new Map<string, string>();
  for (const t of turns) if (!labelOf.has(t.speaker)) labelOf.set(t.speaker, `spk_${labelOf.size}`);
  let at = 0;
  const times: Array<[number, number]> = [];
  const transcript: TranscriptTurn[] = turns.map((t) => {
    const tokens = t.content.split(/\s+/).filter(Boolean);
    const seconds = Math.max(1, 0.4 * tokens.length);
    const step = seconds / Math.max(1, tokens.length);
    const start = at;
    times.push([start, start + seconds]);
    at += seconds;
    return { speaker: labelOf.get(t.speaker)!, words: tokens.map((text, i) => ({ text, start: start + i * step, end: start + (i + 0.9) * step })) };
  });
  return { times, sentences: splitSentences(transcript), speakerNames: Object.fromEntries([...labelOf].map(([name, label]) => [label, name])) };
}

/** The turn indices a time range rests on (the turns its start and end fall in). */
export function turnSpan(times: ReadonlyArray<readonly [number, number]>, start: number, end: number): [number, number] {
  const find = (t: number) => {
    let lo = 0, hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid]![0] <= t) lo = mid; else hi = mid - 1;
    }
    return lo;
  };
  const first = find(start + 1e-3);
  return [first, Math.max(first, find(Math.max(start, end - 1e-3)))];
}

/** SHA-256 over the sorted (id, label hash, meeting hash) triples: the training data's fingerprint. */
export const dataHash = (meetings: readonly Meeting[]) => sha(meetings.map((m) => `${m.id} ${m.hashes[0]} ${m.hashes[1]}`).sort().join('\n'));

/** Embeddings cached on disk (a git-ignored folder), keyed by the SHA-256 of the text. */
export async function cachedEmbedder(inner: SentenceEmbedder, dir: string): Promise<SentenceEmbedder> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${inner.name}.jsonl`);
  const cache = new Map<string, Float32Array>();
  if (existsSync(file)) {
    for (const line of (await readFile(file, 'utf8')).split('\n')) {
      if (!line) continue;
      let entry: { h: string; v: string };
      try { entry = JSON.parse(line) as { h: string; v: string }; } catch { continue; } // a line another run is still writing
      const { h, v } = entry;
      const bytes = Buffer.from(v, 'base64');
      cache.set(h, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
  }
  return {
    name: inner.name, dimensions: inner.dimensions,
    async embed(texts) {
      const keys = texts.map((t) => sha(t));
      // Sorted by length: the model pads a batch to its longest text, so like lengths together are far faster.
      const missing = [...new Set(keys.flatMap((k, i) => (cache.has(k) ? [] : [i])).map((i) => texts[i]!))].sort((a, b) => a.length - b.length);
      for (let from = 0; from < missing.length; from += 256) {
        const batch = missing.slice(from, from + 256);
        const vectors = await inner.embed(batch);
        const lines = batch.map((t, i) => {
          cache.set(sha(t), vectors[i]!);
          return JSON.stringify({ h: sha(t), v: Buffer.from(vectors[i]!.buffer, vectors[i]!.byteOffset, vectors[i]!.byteLength).toString('base64') });
        });
        await appendFile(file, `${lines.join('\n')}\n`);
      }
      return keys.map((k) => cache.get(k)!);
    },
  };
}
