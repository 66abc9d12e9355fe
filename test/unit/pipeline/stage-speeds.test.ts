import { estimateProgress, stageSecondsLeft } from '../../../functions/core/pipeline/progress-estimate.js';
import {
  DEFAULT_COSTS, expectedStageSeconds, expectedStages, fitStageCost, MIN_RECORDED_SECONDS, recordRun, SAMPLES_KEPT,
  type StageSpeeds,
} from '../../../functions/core/pipeline/stage-speeds.js';

describe('measured stage speeds', () => {
  const run = (durationSeconds: number, seconds: number) => ({ durationSeconds, seconds });

  it('expects the defaults before any run is recorded', () => {
    const { startSeconds, perSecond } = DEFAULT_COSTS.Transcription;
    expect(expectedStageSeconds(undefined, 'Transcription', 600)).toBeCloseTo(startSeconds + perSecond * 600);
    expect(fitStageCost('Transcription', [])).toEqual(DEFAULT_COSTS.Transcription);
  });

  it('fits start-up and share together from runs of different lengths', () => {
    // Exactly 4 s + 0.05 s a second: the line is found whatever the weights.
    const fit = fitStageCost('Transcription', [run(120, 10), run(600, 34), run(3600, 184)]);
    expect(fit.startSeconds).toBeCloseTo(4);
    expect(fit.perSecond).toBeCloseTo(0.05);
  });

  it('short runs faster than the old fixed start-up no longer make the share zero (the quiet-machine failure)', () => {
    // A fast engine: 2 and 10 minutes transcribed in 6 and 16 s. Σ(seconds − 10) / Σ(length) said 0.008 a second and
    // a 60-minute recording about 40 s; the fit says 3.5 s + 0.021 a second, about 78 s.
    const speeds = recordRun(recordRun(undefined, 120, { Transcription: 6 }), 600, { Transcription: 16 });
    expect(expectedStageSeconds(speeds, 'Transcription', 3600)).toBeCloseTo(3.5 + 3600 * (10 / 480), 1);
  });

  it('weighs long runs more: a noisy short run moves the start-up, not the 60-minute estimate', () => {
    const base = [run(600, 34), run(3600, 184)];
    const withNoisyShort = [...base, run(60, 20)];
    const at60 = (samples: typeof base) => { const c = fitStageCost('Transcription', samples); return c.startSeconds + 3600 * c.perSecond; };
    expect(Math.abs(at60(withNoisyShort) / at60(base) - 1)).toBeLessThan(0.05);
    // Unweighted least squares would pull it by more: the short run counts as one of three.
    const unweightedSlope = (() => {
      const xs = withNoisyShort.map((s) => s.durationSeconds), ys = withNoisyShort.map((s) => s.seconds);
      const mx = xs.reduce((a, b) => a + b) / 3, my = ys.reduce((a, b) => a + b) / 3;
      return xs.reduce((sum, x, i) => sum + (x - mx) * (ys[i]! - my), 0) / xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
    })();
    expect(fitStageCost('Transcription', withNoisyShort).perSecond).toBeGreaterThan(unweightedSlope);
  });

  it('never fits a negative start-up: the line through the origin instead', () => {
    // Seconds growing faster than the length (a machine getting busier): the free line would start below zero.
    const fit = fitStageCost('Transcription', [run(120, 2), run(600, 30), run(1200, 70)]);
    expect(fit.startSeconds).toBe(0);
    expect(fit.perSecond).toBeGreaterThan(0.05);
    expect(fit.perSecond).toBeLessThan(0.06);
  });

  // The fallback's start-up: the defaults' (the 5 s before the state machine first looks at the job).
  const START = DEFAULT_COSTS.Transcription.startSeconds;

  it('never fits a negative share: longer runs that took less fall back to one rate through the defaults’ start-up', () => {
    const fit = fitStageCost('Transcription', [run(120, 30), run(600, 20)]);
    expect(fit.perSecond).toBeGreaterThan(0);
    expect(fit.startSeconds).toBe(START);
    expect(fit.perSecond).toBeCloseTo((30 + 20 - 2 * START) / 720);
  });

  it('with one run, or runs all of about one length, takes the share through the origin after the defaults’ start-up', () => {
    const one = fitStageCost('Transcription', [run(600, 32)]);
    expect(one).toEqual({ startSeconds: START, perSecond: (32 - START) / 600 });
    const alike = fitStageCost('Transcription', [run(600, 30), run(660, 40)]);
    expect(alike.startSeconds).toBe(START);
    expect(alike.perSecond).toBeCloseTo((70 - 2 * START) / 1260);
    // A run faster than that start-up still says its speed: the start-up is at most half its time.
    const fast = fitStageCost('Transcription', [run(120, 3)]);
    expect(fast.startSeconds).toBe(1.5);
    expect(fast.perSecond).toBeCloseTo(1.5 / 120);
  });

  it('ignores samples that are not numbers or not positive lengths', () => {
    expect(fitStageCost('ExtractAudio', [run(0, 5), run(Number.NaN, 5), run(600, Number.POSITIVE_INFINITY)])).toEqual(DEFAULT_COSTS.ExtractAudio);
  });

  it('keeps the last runs only, and ignores runs too short or times that are not numbers', () => {
    let speeds: StageSpeeds | undefined;
    for (let i = 0; i < SAMPLES_KEPT + 3; i++) speeds = recordRun(speeds, 60 * (i + 1), { Transcription: 30 + i });
    expect(speeds!.samples.Transcription).toHaveLength(SAMPLES_KEPT);
    expect(speeds!.samples.Transcription!.at(-1)).toEqual({ durationSeconds: 60 * (SAMPLES_KEPT + 3), seconds: 30 + SAMPLES_KEPT + 2 });
    expect(recordRun(speeds, MIN_RECORDED_SECONDS - 1, { Transcription: 5 })).toEqual(speeds);
    expect(recordRun(speeds, 600, { Transcription: Number.NaN, BuildTranscript: -1 })).toEqual(speeds);
  });

  it('the estimate uses the run’s expected stage times: faster measured speed, less time left', () => {
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const slow = estimateProgress('Transcription', start, start, 3600, expectedStages(recordRun(undefined, 600, { Transcription: 62, BuildTranscript: 4 }), 3600))!;
    const fast = estimateProgress('Transcription', start, start, 3600, expectedStages(recordRun(undefined, 600, { Transcription: 32, BuildTranscript: 4 }), 3600))!;
    expect(fast.secondsLeft).toBeLessThan(slow.secondsLeft);
    // One run: the default 2.3 s start-up + (32 − 2.3) / 600 s a second for the transcription (180.5 s), 0.3 s + 3.7 / 600 a
    // second for building it (22.5 s).
    expect(fast.secondsLeft).toBe(203);
    // Half-way through the expected transcription, the bar is half-way through its span.
    const half = estimateProgress('Transcription', start, start + 185_000, 3600, { Transcription: 370 })!;
    expect(half.percent).toBe(52);
  });

  it('fits the default engine on a quiet machine to bench:estimates’ recorded stages: 2 minutes in 5–6 s, 60 minutes in about 100 s', () => {
    // npm run bench:estimates (session 16): the transcription stage as the pipeline recorded it, 5.1–6.2 s for 2 minutes,
    // 16.1–16.2 s for 10, 100.5–100.6 s for 60.
    const short = expectedStages(undefined, 120).Transcription;
    expect(short).toBeGreaterThanOrEqual(5.1 * 0.95);
    expect(short).toBeLessThanOrEqual(6.2 * 1.05);
    expect(expectedStages(undefined, 600).Transcription).toBeLessThan(16.2 * 1.2);
    const expected = expectedStages(undefined, 3600);
    expect(expected.Transcription).toBeGreaterThan(100.5 * 0.95);
    expect(expected.Transcription).toBeLessThan(100.6 * 1.05);
  });
});

describe('time left while a stage runs', () => {
  const start = Date.parse('2025-01-01T00:00:00.000Z');
  const at = (seconds: number) => estimateProgress('Transcription', start, start + seconds * 1000, 600, { Transcription: 100, BuildTranscript: 0 })!;

  it('counts down the expected time while the stage is on time, then says its last tenth while it is due', () => {
    expect(stageSecondsLeft(100, 0)).toBe(100);
    expect(stageSecondsLeft(100, 60)).toBe(40);
    expect(stageSecondsLeft(100, 90)).toBe(10);
    expect(stageSecondsLeft(100, 99)).toBeCloseTo(10);
    expect(at(60).secondsLeft).toBe(40);
  });

  it('grows with the overrun once late, up to as long again as the stage has run, never "about a minute"', () => {
    expect(stageSecondsLeft(100, 100)).toBeCloseTo(10);
    expect(stageSecondsLeft(100, 150)).toBeCloseTo(90);
    expect(stageSecondsLeft(100, 190)).toBeCloseTo(190);
    expect(stageSecondsLeft(100, 1000)).toBe(1000);
    const late = [100, 150, 200, 400, 1000].map((s) => at(s).secondsLeft);
    for (let i = 1; i < late.length; i++) expect(late[i]!).toBeGreaterThan(late[i - 1]!);
    expect(at(1000).secondsLeft).toBeGreaterThanOrEqual(1000);
    // The bar holds below the stage's end whatever the overrun.
    expect(at(1000).percent).toBeLessThan(92);
  });

  it('scales the later stages by the slowdown a late stage shows', () => {
    const expected = { Transcription: 100, BuildTranscript: 20 };
    const onTime = estimateProgress('Transcription', start, start + 50_000, 600, expected)!;
    const twiceLate = estimateProgress('Transcription', start, start + 200_000, 600, expected)!;
    expect(onTime.secondsLeft).toBe(70); // 50 + 20
    expect(twiceLate.secondsLeft).toBe(240); // 200 (as long again) + 20 × 2
  });
});
