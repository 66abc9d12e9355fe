/**
 * Where one person's own audio track carries speech: frame loudness against the track's own noise floor.
 * Used on per-participant tracks (each holds one voice, so loudness is enough); nothing about the voice is kept.
 */

export interface SpeechStretch { readonly start: number; readonly end: number }

export const FRAME_SECONDS = 0.02;
/** A frame is speech when this many dB above the track's noise floor (its 20th-percentile frame)… */
const ABOVE_FLOOR_DB = 15;
/** …and above this absolute level (digital silence and hiss are not speech). */
const MIN_DBFS = -50;
/** Pauses shorter than this inside speech are bridged (the gaps between words). */
const BRIDGE_SECONDS = 0.35;
/** Stretches shorter than this are clicks, not speech. */
const MIN_STRETCH_SECONDS = 0.12;

function frameDb(samples: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! * samples[i]!;
  const rms = Math.sqrt(sum / Math.max(1, to - from));
  return rms > 0 ? 20 * Math.log10(rms) : -120;
}

/** The speech stretches (seconds) of mono samples in [-1, 1] at `sampleRate`. */
export function speechStretches(samples: Float32Array, sampleRate: number): SpeechStretch[] {
  const frame = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
  const levels: number[] = [];
  for (let at = 0; at + frame <= samples.length; at += frame) levels.push(frameDb(samples, at, at + frame));
  if (levels.length === 0) return [];
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.2)]!;
  const threshold = Math.max(MIN_DBFS, floor + ABOVE_FLOOR_DB);
  const raw: SpeechStretch[] = [];
  levels.forEach((db, i) => {
    if (db < threshold) return;
    const start = i * FRAME_SECONDS;
    const last = raw.at(-1);
    if (last && start - last.end <= BRIDGE_SECONDS) raw[raw.length - 1] = { start: last.start, end: start + FRAME_SECONDS };
    else raw.push({ start, end: start + FRAME_SECONDS });
  });
  return raw.filter((s) => s.end - s.start >= MIN_STRETCH_SECONDS).map((s) => ({ start: round(s.start), end: round(s.end) }));
}

/** 16-bit little-endian PCM (a WAV's data) → samples in [-1, 1]. */
export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength - (bytes.byteLength % 2));
  const out = new Float32Array(view.byteLength / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

const round = (s: number) => Math.round(s * 1000) / 1000;
