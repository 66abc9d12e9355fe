/**
 * This machine's measured speed per timed stage of the pipeline (docs/pipeline.md "Time left"): the seconds each
 * stage took for the last recordings, kept in the store, and the seconds it is expected to take for a recording of a
 * given length. A stage costs a fixed start-up (model loading, container start) plus a share of the recording's length;
 * the share is learnt as Σ(seconds − start-up) / Σ(length) over the last runs (longer recordings weigh more), so one
 * slow or fast short run does not swing it. With no run recorded yet a conservative default stands in.
 */

export const TIMED_STAGES = ['ExtractAudio', 'Transcription', 'BuildTranscript'] as const;
export type TimedStage = (typeof TIMED_STAGES)[number];

/** One stage of one finished run: the recording's length and the seconds the stage took. */
export interface StageSample { readonly durationSeconds: number; readonly seconds: number }

/** As stored: the last runs' samples per stage, newest last. */
export interface StageSpeeds {
  readonly version: 1;
  readonly samples: Readonly<Partial<Record<TimedStage, readonly StageSample[]>>>;
}

/** Seconds a stage needs whatever the length (start-up), and seconds per second of recording before any run is recorded. */
export interface StageCost { readonly startSeconds: number; readonly perSecond: number }

/**
 * Defaults before a run is measured, for the default engine (native Whisper, docs/speech.md) on a 2-core machine that
 * is not shared: transcription at a real-time factor of 0.06 (a 60-minute recording, upload → ready in 197.7 s at load
 * 2–4, `bench:pipeline`, i.e. about 0.05 for the transcription; 0.09 at load 4–5 on the 2-hour recording of
 * `eval:asr`), extraction at 0.002 (11.4 s for 2 hours there) and building small. A busier machine is slower: the
 * first run on it is late, its time left then grows with the overrun (progress-estimate.ts), and the runs it records
 * move these for the next ones.
 */
export const DEFAULT_COSTS: Readonly<Record<TimedStage, StageCost>> = {
  ExtractAudio: { startSeconds: 3, perSecond: 0.002 },
  Transcription: { startSeconds: 10, perSecond: 0.06 },
  BuildTranscript: { startSeconds: 3, perSecond: 0.002 },
};

/** Samples kept per stage. */
export const SAMPLES_KEPT = 8;
/** Runs shorter than this are not recorded: their time is mostly start-up and says little about speed. */
export const MIN_RECORDED_SECONDS = 30;

/** The per-second share learnt from `samples` (the default's when there are none). */
function perSecond(stage: TimedStage, samples: readonly StageSample[] | undefined): number {
  const { startSeconds, perSecond: fallback } = DEFAULT_COSTS[stage];
  const usable = (samples ?? []).filter((s) => s.durationSeconds > 0 && s.seconds >= 0);
  if (usable.length === 0) return fallback;
  const work = usable.reduce((sum, s) => sum + Math.max(0, s.seconds - startSeconds), 0);
  const length = usable.reduce((sum, s) => sum + s.durationSeconds, 0);
  return work / length;
}

/** Seconds `stage` is expected to take for a recording of `durationSeconds` on this machine. */
export function expectedStageSeconds(speeds: StageSpeeds | undefined, stage: TimedStage, durationSeconds: number): number {
  return DEFAULT_COSTS[stage].startSeconds + perSecond(stage, speeds?.samples[stage]) * Math.max(0, durationSeconds);
}

/** The expected seconds of every timed stage, rounded to 0.1 s (what a run keeps on its state once probed). */
export function expectedStages(speeds: StageSpeeds | undefined, durationSeconds: number): Record<TimedStage, number> {
  return Object.fromEntries(TIMED_STAGES.map((stage) =>
    [stage, Math.round(expectedStageSeconds(speeds, stage, durationSeconds) * 10) / 10])) as Record<TimedStage, number>;
}

/**
 * The record after a finished run of a `durationSeconds` recording whose stages took `stageSeconds` (a stage not
 * measured is left out); unchanged for a run too short to say anything, or a length or time that is not a number.
 */
export function recordRun(speeds: StageSpeeds | undefined, durationSeconds: number, stageSeconds: Partial<Record<TimedStage, number>>): StageSpeeds {
  const before: StageSpeeds = speeds?.version === 1 ? speeds : { version: 1, samples: {} };
  if (!(durationSeconds >= MIN_RECORDED_SECONDS) || !Number.isFinite(durationSeconds)) return before;
  const samples: Partial<Record<TimedStage, readonly StageSample[]>> = { ...before.samples };
  for (const stage of TIMED_STAGES) {
    const seconds = stageSeconds[stage];
    if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) continue;
    samples[stage] = [...(samples[stage] ?? []), { durationSeconds, seconds: Math.round(seconds * 10) / 10 }].slice(-SAMPLES_KEPT);
  }
  return { version: 1, samples };
}
