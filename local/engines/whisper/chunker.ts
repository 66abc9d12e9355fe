/**
 * Cuts a recording into the pieces Whisper transcribes. A piece is a run of speech regions (from the
 * Silero VAD), each with a little context around it; what Whisper hears is those stretches joined, so
 * the pauses between regions are shortened to at most twice the padding (0.6 s). Long silences are never sent
 * (Whisper tends to stop, or to invent text, after one), and more speech fits in one 30 s call.
 * Pieces are cut only between regions, i.e. at pauses; a region longer than 30 s is cut at its
 * quietest 0.2 s in the last third of each 30 s (pauses.ts).
 */
import type { SpeechRegion } from '../vad.js';
import { splitAtPauses } from '../pauses.js';

/**
 * Context around each speech region (so pauses up to twice this are kept whole). 0.3 s rather than
 * 0.2 s: with 0.2 s, soft word onsets and endings just outside Silero's regions were cut ("And it is"
 * → "It is", "stuff it" → "Stuffered"); see docs/speech.md for the figures on asr/ and meeting/.
 */
const DEFAULT_PAD_SECONDS = 0.3;

export interface Piece {
  /** Seconds from the start of the recording: the start of the first stretch, the end of the last. */
  start: number;
  end: number;
  /** The speech regions inside the piece (seconds from the start of the recording), in order. */
  speech: SpeechRegion[];
  /** The stretches (regions with their context) joined into what Whisper hears, in order. */
  stretches: SpeechRegion[];
}

export interface ChunkOptions {
  /** Longest piece (sum of its stretches) in seconds. @default 30 */
  maxSeconds?: number;
  /** Context kept on each side of a region, in seconds (never past half-way to the next region). @default 0.3 */
  padSeconds?: number;
}

/** Seconds Whisper hears for a piece. */
export function pieceSeconds(piece: Piece): number {
  return piece.stretches.reduce((sum, s) => sum + (s.end - s.start), 0);
}

/** Seconds covered by `regions`. */
export function regionSeconds(regions: readonly SpeechRegion[]): number {
  return regions.reduce((sum, r) => sum + (r.end - r.start), 0);
}

/** Seconds of speech in a piece (its regions, without their context). */
export function speechSeconds(piece: Piece): number {
  return regionSeconds(piece.speech);
}

/**
 * A recording's samples read by index: held in memory, or read from its WAV file on demand (wav-window.ts), so that a
 * long recording is never held whole (issue 31: flat memory).
 */
export interface SampleSource { readonly length: number; read(start: number, end: number): Float32Array }

const sourceOf = (samples: Float32Array | SampleSource): SampleSource => (samples instanceof Float32Array
  ? { length: samples.length, read: (start, end) => samples.subarray(start, end) } : samples);

/** The piece's audio: its stretches of `samples`, joined. */
export function pieceAudio(piece: Piece, samples: Float32Array | SampleSource, sampleRate: number): Float32Array {
  const source = sourceOf(samples);
  const parts = piece.stretches.map((s) => source.read(Math.round(s.start * sampleRate), Math.round(s.end * sampleRate)));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/**
 * Groups `regions` (sorted, non-overlapping, seconds) of 16 kHz `samples` into pieces of at most
 * `maxSeconds` of joined stretches: each piece takes the regions that fit, then gives back those after
 * the longest pause in its second half (so pieces end at turn changes and sentence ends where there are any).
 */
export function planPieces(regions: readonly SpeechRegion[], samples: Float32Array | SampleSource, sampleRate: number,
  options: ChunkOptions = {}): Piece[] {
  const source = sourceOf(samples);
  const max = options.maxSeconds ?? 30;
  const pad = options.padSeconds ?? DEFAULT_PAD_SECONDS;
  const total = source.length / sampleRate;
  // Long regions first become several, cut at their quietest moments.
  const split: SpeechRegion[] = [];
  for (const region of regions) {
    if (region.end - region.start <= max - 2 * pad) { split.push(region); continue; }
    const from = Math.round(region.start * sampleRate);
    const spans = splitAtPauses(source.read(from, Math.round(region.end * sampleRate)), sampleRate, max - 2 * pad);
    for (const span of spans) split.push({ start: (from + span.start) / sampleRate, end: (from + span.end) / sampleRate });
  }
  // Stretches: padding reaches at most half-way to a neighbour, so stretches never overlap.
  const stretches = split.map((region, i) => {
    const previous = split[i - 1];
    const next = split[i + 1];
    return {
      start: Math.max(0, region.start - pad, previous ? (previous.end + region.start) / 2 : 0),
      end: Math.min(total, region.end + pad, next ? (region.end + next.start) / 2 : total),
    };
  });
  const length = (i: number) => stretches[i]!.end - stretches[i]!.start;
  const pieces: Piece[] = [];
  let first = 0;
  while (first < split.length) {
    // The regions that fit in one piece from `first` on.
    let last = first;
    let heard = length(first);
    while (last + 1 < split.length && heard + length(last + 1) <= max) heard += length(++last);
    // When more follows, cut at the longest pause in the second half of the piece (a turn change, a
    // sentence end) rather than after the last region that fits.
    if (last + 1 < split.length && last > first) {
      let best = last;
      let bestGap = split[last + 1]!.start - split[last]!.end;
      let upTo = heard - length(last);
      for (let i = last - 1; i >= first && upTo >= max / 2; i--) {
        const gap = split[i + 1]!.start - split[i]!.end;
        if (gap > bestGap) { best = i; bestGap = gap; }
        upTo -= length(i);
      }
      last = best;
    }
    pieces.push({ start: stretches[first]!.start, end: stretches[last]!.end, speech: split.slice(first, last + 1), stretches: stretches.slice(first, last +
      1) });
    first = last + 1;
  }
  return pieces;
}
