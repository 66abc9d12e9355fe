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
 * `maxSeconds`: each piece takes the regions that fit, then gives back those after the longest pause
 * in its second half (so pieces end at turn changes and sentence ends where there are any).
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
  // Padded bounds: padding reaches at most half-way to a neighbour, so pieces never overlap.
  const bounds = split.map((region, i) => {
    const previous = split[i - 1];
    const next = split[i + 1];
    return {
      start: Math.max(0, region.start - pad, previous ? (previous.end + region.start) / 2 : 0),
      end: Math.min(total, region.end + pad, next ? (region.end + next.start) / 2 : total),
    };
  });
  const pieces: Piece[] = [];
  let first = 0;
  while (first < split.length) {
    // The regions that fit in one piece from `first` on.
    let last = first;
    while (last + 1 < split.length && bounds[last + 1]!.end - bounds[first]!.start <= max) last++;
    // When more follows, cut at the longest pause in the second half of the piece (a turn change, a
    // sentence end) rather than after the last region that fits.
    if (last + 1 < split.length && last > first) {
      const half = bounds[first]!.start + max / 2;
      let best = last;
      let bestGap = split[last + 1]!.start - split[last]!.end;
      for (let i = last - 1; i >= first && split[i]!.end >= half; i--) {
        const gap = split[i + 1]!.start - split[i]!.end;
        if (gap > bestGap) { best = i; bestGap = gap; }
      }
      last = best;
    }
    pieces.push({ start: bounds[first]!.start, end: bounds[last]!.end, speech: split.slice(first, last + 1) });
    first = last + 1;
  }
  return pieces;
}
