/**
 * This machine's measured speed per timed stage of the pipeline (docs/pipeline.md "Time left"): the seconds each
 * stage took for the last recordings, kept in the store, and the seconds it is expected to take for a recording of a
 * given length. A stage costs a start-up (polling, model loading, container start) plus a share of the recording's
 * length, both fitted from the last runs (fitStageCost: least squares, longer recordings weighing more). With no run
 * recorded yet the defaults stand in.
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
 * Defaults before a run is measured, fitted to the default engine (native Whisper, docs/speech.md) on a 2-core machine
 * that is not shared (docs/pipeline.md "Time left"): the transcription stage as the pipeline recorded it in
 * `npm run bench:estimates` runs (session 16, load 1–2.5): 2 minutes 5.1–6.2 s (six runs, the engine's first job, its
 * sessions starting), 10 minutes 16.1–16.2 s, 60 minutes 100.5–100.6 s — a line through the 2- and 60-minute means,
 * 2.3 s of start-up (the job's start, the first look at it) plus 0.0275 s a second of recording (10 minutes falls about
 * 15 % under it); extraction (levelled) 5.6 s for 2 hours (`eval:asr -- --only long --long-minutes 120`), about 0.001 a
 * second; building the transcript a fraction of a second.
 * A busier machine is slower: its first run is late, its time left then grows with the overrun (progress-estimate.ts),
 * and the runs it records move the fit for the next ones.
 */
export const DEFAULT_COSTS: Readonly<Record<TimedStage, StageCost>> = {
  ExtractAudio: { startSeconds: 0.5, perSecond: 0.001 },
  Transcription: { startSeconds: 2.3, perSecond: 0.0275 },
  BuildTranscript: { startSeconds: 0.3, perSecond: 0.0003 },
};

/** Samples kept per stage. */
export const SAMPLES_KEPT = 8;
/** Runs shorter than this are not recorded: their time is mostly start-up and says little about speed. */
export const MIN_RECORDED_SECONDS = 30;

/**
 * Start-up assumed when the runs cannot separate it from the share (one run, or runs all of about one length): the
 * defaults' (for the transcription the 2.3 s start-up above), but at most half
 * the runs' own mean time, so that a run faster than it still says its speed.
 */
export const priorStartSeconds = (stage: TimedStage, meanSeconds: number): number => Math.min(DEFAULT_COSTS[stage].startSeconds, meanSeconds / 2);
/** Runs whose longest is less than this many times the shortest are taken as one length (no slope can be read from them). */
export const MIN_LENGTH_SPREAD = 1.5;

/**
 * Start-up and share fitted together from `samples` (docs/pipeline.md "Time left"): weighted least squares of the
 * seconds on the length, each run weighing its length (long runs fix the share, short ones the start-up), bounded to a
 * start-up ≥ 0 and a share ≥ 0. With one run or runs all of about one length, the share through the origin after the
 * defaults' start-up (at most half the runs' mean time); with none, the defaults.
 */
export function fitStageCost(stage: TimedStage, samples: readonly StageSample[] | undefined): StageCost {
  const usable = (samples ?? []).filter((s) => s.durationSeconds > 0 && Number.isFinite(s.durationSeconds) && s.seconds >= 0 && Number.isFinite(s.seconds));
  if (usable.length === 0) return DEFAULT_COSTS[stage];
  const lengths = usable.map((s) => s.durationSeconds);
  if (Math.max(...lengths) >= MIN_LENGTH_SPREAD * Math.min(...lengths)) {
    const fitted = weightedLine(usable);
    if (fitted) return fitted;
  }
  return throughPriorStart(stage, usable);
}

/** The weighted least-squares line (weights = lengths) within the bounds; undefined when its share would be negative. */
function weightedLine(samples: readonly StageSample[]): StageCost | undefined {
  let w = 0, wx = 0, wy = 0;
  for (const { durationSeconds: x, seconds: y } of samples) { w += x; wx += x * x; wy += x * y; }
  const meanX = wx / w, meanY = wy / w;
  let sxx = 0, sxy = 0;
  for (const { durationSeconds: x, seconds: y } of samples) { sxx += x * (x - meanX) ** 2; sxy += x * (x - meanX) * (y - meanY); }
  const perSecond = sxy / sxx;
  if (!(perSecond >= 0) || !Number.isFinite(perSecond)) return undefined;
  const startSeconds = meanY - perSecond * meanX;
  if (startSeconds >= 0) return { startSeconds, perSecond };
  // A negative start-up: the line through the origin instead (weighted as above).
  let xy = 0, xx = 0;
  for (const { durationSeconds: x, seconds: y } of samples) { xy += x * x * y; xx += x * x * x; }
  return { startSeconds: 0, perSecond: xy / xx };
}

/** The share through the origin after the prior start-up: Σ(seconds − start-up) / Σ(length), never negative. */
function throughPriorStart(stage: TimedStage, samples: readonly StageSample[]): StageCost {
  const meanSeconds = samples.reduce((sum, s) => sum + s.seconds, 0) / samples.length;
  const startSeconds = priorStartSeconds(stage, meanSeconds);
  const work = samples.reduce((sum, s) => sum + s.seconds - startSeconds, 0);
  const length = samples.reduce((sum, s) => sum + s.durationSeconds, 0);
  return { startSeconds, perSecond: Math.max(0, work / length) };
}

/** Seconds `stage` is expected to take for a recording of `durationSeconds` on this machine. */
export function expectedStageSeconds(speeds: StageSpeeds | undefined, stage: TimedStage, durationSeconds: number): number {
  const { startSeconds, perSecond } = fitStageCost(stage, speeds?.samples[stage]);
  return startSeconds + perSecond * Math.max(0, durationSeconds);
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
