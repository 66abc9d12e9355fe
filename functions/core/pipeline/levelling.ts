/**
 * Loudness levelling before anything listens (issue 31): the speech detector, the speech engine and the diarizer work
 * best on speech at a usual level, and a laptop at the far end of a table records it 30–40 dB quieter. The extracted
 * audio's level is measured (50 ms frames, gated as EBU R128 gates loudness: frames of near-silence are left out, then
 * frames more than 10 dB under the mean of the rest), and a quiet recording is raised to the target with a limiter;
 * the uploaded file is kept as it was for playback. Pure: the frames' levels come from the media adapter.
 */

/** Length of one measured frame, seconds. */
export const LEVEL_FRAME_SECONDS = 0.05;
/**
 * Frames quieter than this (dBFS RMS) are silence: not counted in the level. The extraction is measured in 32-bit
 * float, before any rounding, so a far-away voice 100 dB down still counts; a 16-bit file's own rounding noise
 * (about −101 dBFS) counts as very quiet sound, digital zero as silence.
 */
export const SILENCE_GATE_DB = -120;
/** Second gate: frames this far under the mean of the sounding frames are pauses and breaths, not the talk itself. */
export const RELATIVE_GATE_DB = -10;
/** The level speech is raised to (dBFS RMS of its gated frames): ordinary close-microphone speech. */
export const TARGET_SPEECH_DB = -23;
/** Recordings within this of the target are left exactly as they are (no filter at all). */
export const MIN_GAIN_DB = 6;
/**
 * At most this much gain. Raising noise with the speech keeps their ratio, so the gain is not held back for the sake of
 * noise: the speech detector still finds no speech in amplified hiss, and the guard drops what Whisper invents on it.
 */
export const MAX_GAIN_DB = 100;
/** Speech measured under this level is reported as very quiet (it needed more than ~30 dB): when no words come out of it, "too quiet" is the reason given. */
export const VERY_QUIET_DB = -55;
/** Peak limit after the gain (linear, of full scale): nothing clips. */
export const LIMIT = 0.9;

export type LevelVerdict = 'silent' | 'very_quiet' | 'usable';

export interface LevellingDecision {
  readonly verdict: LevelVerdict;
  /** Gated level of the sound (dBFS, 1 decimal), null when silent. */
  readonly speechDb: number | null;
  /** Gain applied (dB, 1 decimal); 0 = the audio is left untouched. */
  readonly gainDb: number;
}

const energy = (db: number) => 10 ** (db / 10);
const decibels = (e: number) => 10 * Math.log10(e);
const round1 = (x: number) => Math.round(x * 10) / 10;

/** RMS level of one frame of samples in [-1, 1], dBFS (−Infinity for digital silence). */
export function frameLevelDb(sumOfSquares: number, count: number): number {
  return count > 0 && sumOfSquares > 0 ? decibels(sumOfSquares / count) : -Infinity;
}

/** The gated level of `frameDb` (dBFS per frame), or null when no frame is over the silence gate. */
export function gatedLevelDb(frameDb: readonly number[]): number | null {
  const sounding = frameDb.filter((db) => db > SILENCE_GATE_DB);
  if (sounding.length === 0) return null;
  const mean = decibels(sounding.reduce((sum, db) => sum + energy(db), 0) / sounding.length);
  const loud = sounding.filter((db) => db > mean + RELATIVE_GATE_DB);
  return decibels(loud.reduce((sum, db) => sum + energy(db), 0) / loud.length);
}

/** How much to raise the audio whose frames measure `frameDb`, and what its level says (see the constants). */
export function decideLevelling(frameDb: readonly number[]): LevellingDecision {
  const level = gatedLevelDb(frameDb);
  if (level === null) return { verdict: 'silent', speechDb: null, gainDb: 0 };
  const wanted = TARGET_SPEECH_DB - level;
  const gainDb = wanted < MIN_GAIN_DB ? 0 : round1(Math.min(MAX_GAIN_DB, wanted));
  return { verdict: level < VERY_QUIET_DB ? 'very_quiet' : 'usable', speechDb: round1(level), gainDb };
}

/**
 * Why a processed recording has no words, in words for the host (shown with the meeting, docs/speech.md), from
 * the level measured at extraction and whether the speech engine found speech it could not make out.
 */
export function noWordsReason(level: LevellingDecision | undefined, inaudibleStretches: number): string {
  if (level?.verdict === 'silent') return 'No words: the recording is silent (no sound was recorded).';
  if (level?.verdict === 'very_quiet') {
    return 'No words: the recording is too quiet to make out speech, even after its volume was raised. ' +
      'Check that the microphone is on and close to the speakers.';
  }
  if (inaudibleStretches > 0) return 'No words: speech was heard, but none of it could be made out (too faint, distorted or not in English).';
  return 'No words: the recording has sound but no speech was found in it (music, noise or silence only).';
}
