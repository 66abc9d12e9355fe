/**
 * Per-stage progress of a run as the row shows it: the stage's name, how far it is and the time left, estimated
 * from the stage the pipeline reports, when that stage started and the recording's length (ProbeMedia). Amazon
 * Transcribe reports no percentage of its own, so inside a stage the share is the time spent over the time the
 * stage is expected to take; a stage running late holds at 95 % of its span and the time left says "about a minute".
 */
import type { PipelineStep } from '../../contracts/processing.js';

export interface StageSpec {
  readonly label: string;
  /** Expected seconds for a recording of `durationSeconds` (null while not probed yet). */
  readonly expectedSeconds: (durationSeconds: number | null) => number;
}

/** Real-time factor assumed for speech recognition (docs/speech.md measures 0.6–0.9 for the local engine). */
export const TRANSCRIPTION_RTF = 0.9;
const UNPROBED_SECONDS = 600;
const length = (d: number | null) => d ?? UNPROBED_SECONDS;

/** The stages up to a ready transcript, in order, with their share of the overall bar (start percent). */
export const STAGES: ReadonlyArray<readonly [PipelineStep, StageSpec & { readonly from: number; readonly to: number }]> = [
  ['StartProcessing', { label: 'Waiting to start', from: 0, to: 2, expectedSeconds: () => 5 }],
  ['ProbeMedia', { label: 'Reading the recording', from: 2, to: 5, expectedSeconds: () => 5 }],
  ['ExtractAudio', { label: 'Extracting the audio', from: 5, to: 12, expectedSeconds: (d) => 5 + 0.03 * length(d) }],
  ['Transcription', { label: 'Transcribing the speech', from: 12, to: 92, expectedSeconds: (d) => 20 + TRANSCRIPTION_RTF * length(d) }],
  ['BuildTranscript', { label: 'Building the transcript', from: 92, to: 99, expectedSeconds: () => 10 }],
  ['Finalize', { label: 'Finishing', from: 99, to: 100, expectedSeconds: () => 5 }],
];

/** A late stage holds here (share of its span) rather than reaching its end before the pipeline says so. */
const LATE_SHARE = 0.95;

export interface ProgressEstimate {
  readonly stage: string;
  /** Overall, 0–99 while running. */
  readonly percent: number;
  /** Rounded up to 5 s; at least 5 while running. */
  readonly secondsLeft: number;
}

/** The estimate for a running step that started at `startedAtMs`; undefined for an unknown step. */
export function estimateProgress(step: PipelineStep, startedAtMs: number, nowMs: number, durationSeconds: number | null): ProgressEstimate | undefined {
  const index = STAGES.findIndex(([s]) => s === step);
  if (index < 0) return undefined;
  const [, spec] = STAGES[index]!;
  const expected = spec.expectedSeconds(durationSeconds);
  const elapsed = Math.max(0, (nowMs - startedAtMs) / 1000);
  const share = Math.min(LATE_SHARE, elapsed / expected);
  const percent = Math.min(99, Math.floor(spec.from + (spec.to - spec.from) * share));
  // Later stages up to the transcript; Finalize waits on notes and sentiments, which have their own messages.
  const later = STAGES.slice(index + 1).filter(([s]) => s !== 'Finalize').reduce((sum, [, s]) => sum + s.expectedSeconds(durationSeconds), 0);
  const thisLeft = elapsed >= expected * LATE_SHARE ? 60 : expected - elapsed;
  const secondsLeft = Math.max(5, Math.ceil((thisLeft + (step === 'Finalize' ? 0 : later)) / 5) * 5);
  return { stage: spec.label, percent, secondsLeft };
}
