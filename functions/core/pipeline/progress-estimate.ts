/**
 * Per-stage progress of a run as the row shows it: the stage's name, how far it is and the time left, estimated
 * from the stage the pipeline reports, when that stage started and the recording's length (ProbeMedia). Amazon
 * Transcribe reports no percentage of its own, so inside a stage the share is the time spent over the time the
 * stage is expected to take; a stage running late holds its bar at 95 % of its span, and its time left grows with the
 * overrun (stageSecondsLeft), the later stages' expected times scaled by the same slowdown.
 * The time a timed stage is expected to take comes from this machine's measured speed (stage-speeds.ts), fixed on the
 * run once the recording is probed; before that, from the defaults. When the speech engine reports its progress (the
 * local edition's), the transcription's time follows the work done (transcriptionProjection).
 */
import type { PipelineStep } from '../../contracts/processing.js';
import { expectedStageSeconds, type TimedStage } from './stage-speeds.js';

export interface StageSpec {
  readonly label: string;
  /** Expected seconds for a recording of `durationSeconds` (null while not probed yet), given the run's expected stage times. */
  readonly expectedSeconds: (durationSeconds: number | null, expected?: ExpectedStages) => number;
}

/** Seconds each timed stage is expected to take for this run (kept on the run's state once probed). */
export type ExpectedStages = Readonly<Partial<Record<TimedStage, number>>>;

/** Length assumed before the recording is probed (the probe takes seconds). */
const UNPROBED_SECONDS = 600;
const length = (d: number | null) => d ?? UNPROBED_SECONDS;
const timed = (stage: TimedStage) => (d: number | null, expected?: ExpectedStages) =>
  expected?.[stage] ?? expectedStageSeconds(undefined, stage, length(d));

/** The stages up to a ready transcript, in order, with their share of the overall bar (start percent). */
export const STAGES: ReadonlyArray<readonly [PipelineStep, StageSpec & { readonly from: number; readonly to: number }]> = [
  ['StartProcessing', { label: 'Waiting to start', from: 0, to: 2, expectedSeconds: () => 5 }],
  ['ProbeMedia', { label: 'Reading the recording', from: 2, to: 5, expectedSeconds: () => 5 }],
  ['ExtractAudio', { label: 'Extracting the audio', from: 5, to: 12, expectedSeconds: timed('ExtractAudio') }],
  ['Transcription', { label: 'Transcribing the speech', from: 12, to: 92, expectedSeconds: timed('Transcription') }],
  ['BuildTranscript', { label: 'Building the transcript', from: 92, to: 99, expectedSeconds: timed('BuildTranscript') }],
  ['Finalize', { label: 'Finishing', from: 99, to: 100, expectedSeconds: () => 5 }],
];

/**
 * How far the speech engine is through the transcription, in seconds since the stage started: the share of its work
 * done (Whisper: speech decoded) when it last reported (`reportedAfter`), and the share it had done (`startShare`,
 * 0 when not known) when it first reported work done (`startedAfter`: Whisper's first piece back).
 */
export interface EngineShare {
  readonly share: number; readonly startedAfter: number; readonly reportedAfter: number; readonly startShare?: number;
}

/** Bounds of the wait between two looks at the transcription job (whole seconds: Step Functions waits in them). */
export const MIN_POLL_SECONDS = 1;
export const MAX_POLL_SECONDS = 5;

/**
 * Seconds the state machine waits between looks at the transcription job (ProbeMedia fixes it on the run; the Wait
 * reads it, docs/pipeline.md "Time left"): a tenth of the stage's expected time, so the stage ends on average within
 * 5 % of it after the job does, 1–5 s (a short recording's job is looked at every second instead of finishing one 5 s
 * poll late, which doubled a 2-minute recording's transcription; a long one's no more often than before).
 */
export function transcriptionPollSeconds(durationSeconds: number | null, expected?: ExpectedStages): number {
  const tenth = timed('Transcription')(durationSeconds, expected) / 10;
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, Math.round(tenth)));
}
/** Share of the work done from which the projection alone is believed; before it, blended with the expected time. */
export const TRUSTED_SHARE = 0.4;
/** Shortest time over which the engine's pace is read: its sessions hand back pieces in bursts, one a session. */
export const MIN_PACE_SECONDS = 1;

/**
 * The transcription's whole time projected from the engine's pace so far, and how much to believe it (0–1, by the
 * share done); undefined before any work is done. The Whisper engine decodes from the stage's first seconds on (pieces
 * reach it while the speech-finding goes on, at about the pace it keeps after) and its speaker step runs beside the
 * decoding (docs/speech.md), so the rest goes at the pace since its first piece came back; the seconds before that
 * (starting the job, the first piece's decoding) are not that pace (docs/pipeline.md "Time left"). Before a second of
 * pace is known, the share done over the whole time in the stage, which counts those seconds (longer, and believed
 * little this early). The stage ends with the decoding, half a poll (`pollSeconds`, the run's wait between looks at the
 * job) later.
 */
export function transcriptionProjection(progress: EngineShare, pollSeconds: number): { seconds: number; weight: number } | undefined {
  const { share, startedAfter, reportedAfter } = progress;
  if (!(share > 0) || !(share <= 1) || !(reportedAfter > 0) || !(reportedAfter >= startedAfter)) return undefined;
  const startShare = Math.min(share, Math.max(0, progress.startShare ?? 0));
  const paceSeconds = reportedAfter - startedAfter;
  const decodingSeconds = paceSeconds >= MIN_PACE_SECONDS && share > startShare
    ? reportedAfter + ((1 - share) * paceSeconds) / (share - startShare)
    : reportedAfter / share;
  return { seconds: decodingSeconds + pollSeconds / 2, weight: Math.min(1, share / TRUSTED_SHARE) };
}

/** A late stage holds here (share of its span) rather than reaching its end before the pipeline says so. */
const LATE_SHARE = 0.95;
/** Share of its expected time at which a stage is due: from here its last tenth is what is left, until it is late. */
const DUE_SHARE = 0.9;

/**
 * Seconds a stage expected to take `expected` s still needs after `elapsed` s (docs/pipeline.md "Time left"): on time,
 * the rest of the expected time; due, the last tenth; late (past the expected time), the overrun extrapolated: the
 * later it is, the larger the share of the time spent so far that is still expected, up to as long again as it has
 * run (at twice its expected time, a stage with nothing else known to go by is as likely to need more as less).
 */
export function stageSecondsLeft(expected: number, elapsed: number): number {
  if (!(expected > 0)) return Math.max(0, elapsed);
  const overrun = elapsed / expected;
  if (overrun <= DUE_SHARE) return expected - elapsed;
  if (overrun <= 1) return expected * (1 - DUE_SHARE);
  return elapsed * Math.min(1, overrun - DUE_SHARE);
}

export interface ProgressEstimate {
  readonly stage: string;
  /** Overall, 0–99 while running. */
  readonly percent: number;
  /** Whole seconds, at least 1 while running (the SPA rounds for display: "about 5 s left", "about 6 min left"). */
  readonly secondsLeft: number;
}

/**
 * The estimate for a running step that started at `startedAtMs`, with the run's expected stage times when known and,
 * in the transcription, the engine's progress when it reports one; undefined for an unknown step.
 */
export function estimateProgress(
  step: PipelineStep, startedAtMs: number, nowMs: number, durationSeconds: number | null, expectedStages?: ExpectedStages,
  engine?: EngineShare,
): ProgressEstimate | undefined {
  const index = STAGES.findIndex(([s]) => s === step);
  if (index < 0) return undefined;
  const [, spec] = STAGES[index]!;
  const prior = spec.expectedSeconds(durationSeconds, expectedStages);
  const elapsed = Math.max(0, (nowMs - startedAtMs) / 1000);
  // The engine's rate, believed in proportion to the work done: early on the expected time still counts.
  const projection = step === 'Transcription' && engine
    ? transcriptionProjection(engine, transcriptionPollSeconds(durationSeconds, expectedStages)) : undefined;
  const weight = projection?.weight ?? 0;
  const expected = (1 - weight) * prior + weight * (projection?.seconds ?? 0);
  const stageLeft = (1 - weight) * stageSecondsLeft(prior, elapsed) + weight * stageSecondsLeft(projection?.seconds ?? 0, elapsed);
  const share = Math.min(LATE_SHARE, elapsed / expected);
  const percent = Math.min(99, Math.floor(spec.from + (spec.to - spec.from) * share));
  // Later stages up to the transcript (Finalize waits on notes and sentiments, which have their own messages), as much
  // slower than expected as this one is: a late stage says the machine is slower than its record for this run.
  const slowdown = prior > 0 ? Math.max(1, elapsed / prior, expected / prior) : 1;
  const later = step === 'Finalize' ? 0 : STAGES.slice(index + 1).filter(([s]) => s !== 'Finalize')
    .reduce((sum, [, s]) => sum + s.expectedSeconds(durationSeconds, expectedStages), 0) * slowdown;
  const secondsLeft = Math.max(1, Math.round(stageLeft + later));
  return { stage: spec.label, percent, secondsLeft };
}
