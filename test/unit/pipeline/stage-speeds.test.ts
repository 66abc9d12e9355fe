import { estimateProgress, stageSecondsLeft } from '../../../functions/core/pipeline/progress-estimate.js';
import {
  DEFAULT_COSTS, expectedStageSeconds, expectedStages, MIN_RECORDED_SECONDS, recordRun, SAMPLES_KEPT, type StageSpeeds,
} from '../../../functions/core/pipeline/stage-speeds.js';

describe('measured stage speeds', () => {
  it('expects the defaults before any run is recorded', () => {
    const { startSeconds, perSecond } = DEFAULT_COSTS.Transcription;
    expect(expectedStageSeconds(undefined, 'Transcription', 600)).toBeCloseTo(startSeconds + perSecond * 600);
  });

  it('learns the share per second of recording from finished runs, longer runs weighing more', () => {
    const start = DEFAULT_COSTS.Transcription.startSeconds;
    // A 10-minute run transcribed in start + 60 s: 0.1 s per second of recording.
    let speeds = recordRun(undefined, 600, { Transcription: start + 60 });
    expect(expectedStageSeconds(speeds, 'Transcription', 3600)).toBeCloseTo(start + 360);
    // A 2-minute run at 0.4 s per second moves it by its length only: (60 + 48) / (600 + 120).
    speeds = recordRun(speeds, 120, { Transcription: start + 48 });
    expect(expectedStageSeconds(speeds, 'Transcription', 3600)).toBeCloseTo(start + 3600 * (108 / 720));
    // Stages not measured keep their defaults.
    expect(expectedStageSeconds(speeds, 'ExtractAudio', 600)).toBeCloseTo(DEFAULT_COSTS.ExtractAudio.startSeconds + 600 * DEFAULT_COSTS.ExtractAudio.perSecond);
  });

  it('keeps the last runs only, and ignores runs too short or times that are not numbers', () => {
    let speeds: StageSpeeds | undefined;
    for (let i = 0; i < SAMPLES_KEPT + 3; i++) speeds = recordRun(speeds, 60 * (i + 1), { Transcription: 30 + i });
    expect(speeds!.samples.Transcription).toHaveLength(SAMPLES_KEPT);
    expect(speeds!.samples.Transcription!.at(-1)).toEqual({ durationSeconds: 60 * (SAMPLES_KEPT + 3), seconds: 30 + SAMPLES_KEPT + 2 });
    expect(recordRun(speeds, MIN_RECORDED_SECONDS - 1, { Transcription: 5 })).toEqual(speeds);
    expect(recordRun(speeds, 600, { Transcription: Number.NaN, BuildTranscript: -1 })).toEqual(speeds);
  });

  it('a stage faster than its start-up counts as no work per second (never negative)', () => {
    const speeds = recordRun(undefined, 600, { Transcription: 1 });
    expect(expectedStageSeconds(speeds, 'Transcription', 600)).toBe(DEFAULT_COSTS.Transcription.startSeconds);
  });

  it('the estimate uses the run’s expected stage times: faster measured speed, less time left', () => {
    const start = Date.parse('2025-01-01T00:00:00.000Z');
    const slow = estimateProgress('Transcription', start, start, 3600)!;
    const measured = recordRun(undefined, 600, { Transcription: 28, ExtractAudio: 6, BuildTranscript: 4 });
    const fast = estimateProgress('Transcription', start, start, 3600, expectedStages(measured, 3600))!;
    expect(fast.secondsLeft).toBeLessThan(slow.secondsLeft);
    // 10 + 0.03 × 3600 s for the transcription and 3 + 3600 / 600 s for building it.
    expect(fast.secondsLeft).toBe(130);
    // Half-way through the expected transcription, the bar is half-way through its span.
    const half = estimateProgress('Transcription', start, start + 185_000, 3600, { Transcription: 370 })!;
    expect(half.percent).toBe(52);
  });

  it('fits the default engine on a machine to itself: a 60-minute recording transcribed in about 3.6 minutes', () => {
    // bench:pipeline, native Whisper, load 2–4: 197.7 s from upload to ready for 60 minutes (docs/speech.md).
    const expected = expectedStages(undefined, 3600);
    const total = expected.ExtractAudio + expected.Transcription + expected.BuildTranscript;
    expect(total).toBeGreaterThan(197.7 * 0.75);
    expect(total).toBeLessThan(197.7 * 1.5);
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
