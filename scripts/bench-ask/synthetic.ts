/**
 * bench:ask's meetings: one-hour meetings of real talk, drawn at random (seeded) from QMSum train turns whose
 * USE Lite vectors eval:ask has cached, as the search index and the passage index are given them by the pipeline
 * (IndexSpokenWords' segments, IndexFrames' slides, IndexPassages' passages with their vectors).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { TimedTurn } from '../../functions/core/ask/passages.js';
import { segmentWords, type TranscriptWord } from '../../functions/core/search/indexing.js';
import type { FrameDoc, SegmentDoc } from '../../functions/core/search/model.js';
import { readMeetings } from '../eval-ask/qmsum.js';
import path from 'node:path';

export interface PoolTurn { readonly speaker: string; readonly text: string; readonly vector: Float32Array }

let seed = 42;
/** Restarts the random draws (a meeting drawn again after `reseed(n)` is the same meeting). */
export const reseed = (n: number): void => { seed = n; };
export const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

/** A fresh copy of a string, so meetings do not share the pool's strings (the product parses each meeting's own). */
const own = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/**
 * The turns of every 8th QMSum train meeting (text with its cached 512-dimension vector; the meetings
 * `eval:ask --direct --every 8` embeds) and their questions. A fixed set, so runs compare whatever else is cached.
 */
export async function turnPool(trainDir: string, cacheDir: string): Promise<{ pool: PoolTurn[]; questions: string[] }> {
  const meetings = (await readMeetings(trainDir)).filter((_, i) => i % 8 === 0);
  const cached = await readdir(cacheDir).catch(() => [] as string[]);
  const pool: PoolTurn[] = [];
  for (const m of meetings) {
    const file = cached.find((f) => f.startsWith(`${m.id}.`));
    if (!file) throw new Error(`No cached turn vectors of ${m.id} in ${cacheDir}: run eval:ask --direct --every 8 on train/ first.`);
    const buffer = await readFile(path.join(cacheDir, file));
    const all = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
    if (all.length !== m.turns.length * 512) throw new Error(`${file} does not hold ${m.id}'s ${m.turns.length} turn vectors`);
    m.turns.forEach((t, i) => { if (t.text) pool.push({ speaker: t.speaker, text: t.text, vector: all.slice(i * 512, (i + 1) * 512) }); });
  }
  return { pool, questions: meetings.flatMap((m) => m.questions.map((q) => q.query)) };
}

export interface SyntheticMeeting {
  readonly turns: TimedTurn[];
  readonly vectors: Float32Array[];
  readonly segments: SegmentDoc[];
  readonly frames: FrameDoc[];
}

/** One hour: `turnsPerHour` turns of 6 s each, their words spread over the turn; `slidesPerHour` slides of 4–6 drawn lines. */
export function syntheticMeeting(pool: readonly PoolTurn[], meetingId: string, createdAt: string, turnsPerHour: number,
  slidesPerHour: number): SyntheticMeeting {
  const drawn = Array.from({ length: turnsPerHour }, () => pick(pool));
  const seconds = 3600 / turnsPerHour;
  const turns = drawn.map((t, j) => ({ speaker: own(t.speaker), text: own(t.text), start: j * seconds, end: (j + 1) * seconds - 1 }));
  const words: TranscriptWord[] = turns.flatMap((t) => {
    const texts = t.text.split(/\s+/).filter(Boolean);
    const step = (t.end - t.start) / Math.max(1, texts.length);
    return texts.map((text, w) => ({ text, start: t.start + w * step, end: t.start + (w + 0.8) * step, speaker: t.speaker }));
  });
  const frames = Array.from({ length: slidesPerHour }, (_, position) => slide(pool, meetingId, createdAt, position, 3600 / slidesPerHour));
  return { turns, vectors: drawn.map((t) => t.vector), segments: segmentWords(meetingId, createdAt, words), frames };
}

function slide(pool: readonly PoolTurn[], meetingId: string, createdAt: string, position: number, every: number): FrameDoc {
  const lines = Array.from({ length: 4 + Math.floor(random() * 3) }, () => pick(pool).text.split(/\s+/).filter(Boolean).slice(0, 8));
  const words = lines.flatMap((line, row) => line.map((text, col) => ({ text: own(text), confidence: 90,
    box: { left: 0.06 + col * 0.1, top: 0.1 + row * 0.08, width: 0.09, height: 0.05 } })));
  const key = `artefacts/${meetingId}/frames/${String(position).padStart(5, '0')}`;
  return { meetingId, createdAt, position, timestamp: position * every, imageKey: `${key}.jpg`, thumbnailKey: `${key}.thumb.jpg`, width: 1280,
    height: 720, words };
}
