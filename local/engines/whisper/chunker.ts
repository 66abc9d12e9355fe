/**
 * Cuts a recording into the pieces Whisper transcribes: runs of speech regions (from the Silero VAD)
 * of at most 30 s, cut only between regions, i.e. at pauses. A region longer than that is cut at its
 * quietest 0.2 s in the last third of each 30 s (pauses.ts). Silence outside the regions is never sent.
 */
import type { SpeechRegion } from '../vad.js';
import { splitAtPauses } from '../pauses.js';

export interface Piece {
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
  /** The speech regions inside the piece (seconds from the start of the recording), in order. */
  speech: SpeechRegion[];
}

export interface ChunkOptions {
  /** Longest piece in seconds. @default 30 */
  maxSeconds?: number;
  /** Context kept around each region, in seconds (never past the neighbouring region). @default 0.2 */
  padSeconds?: number;
}

/**
 * Groups `regions` (sorted, non-overlapping, seconds) of 16 kHz `samples` into pieces of at most
 * `maxSeconds`, greedily: a region joins the current piece when the piece stays within the limit.
 */
export function planPieces(regions: readonly SpeechRegion[], samples: Float32Array, sampleRate: number, options: ChunkOptions = {}): Piece[] {
  const max = options.maxSeconds ?? 30;
  const pad = options.padSeconds ?? 0.2;
  const total = samples.length / sampleRate;
  // Long regions first become several, cut at their quietest moments.
  const split: SpeechRegion[] = [];
  for (const region of regions) {
    if (region.end - region.start <= max - 2 * pad) { split.push(region); continue; }
    const from = Math.round(region.start * sampleRate);
    const spans = splitAtPauses(samples.subarray(from, Math.round(region.end * sampleRate)), sampleRate, max - 2 * pad);
    for (const span of spans) split.push({ start: (from + span.start) / sampleRate, end: (from + span.end) / sampleRate });
  }
  const pieces: Piece[] = [];
  split.forEach((region, i) => {
    const previous = split[i - 1];
    const next = split[i + 1];
    // Padding reaches at most half-way to a neighbour, so pieces never overlap.
    const start = Math.max(0, region.start - pad, previous ? (previous.end + region.start) / 2 : 0);
    const end = Math.min(total, region.end + pad, next ? (region.end + next.start) / 2 : total);
    const current = pieces[pieces.length - 1];
    if (current && end - current.start <= max) {
      current.end = end;
      current.speech.push(region);
    } else {
      pieces.push({ start, end, speech: [region] });
    }
  });
  return pieces;
}
