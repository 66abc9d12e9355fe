import { estimateProgress } from '../../../functions/core/pipeline/progress-estimate.js';
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
    const fast = estimateProgress('Transcription', start, start, 3600, expectedStages(recordRun(undefined, 600, { Transcription: 70, ExtractAudio: 6, BuildTranscript: 4 }), 3600))!;
    expect(fast.secondsLeft).toBeLessThan(slow.secondsLeft);
    // 10 + 0.1 × 3600 s for the transcription and about 3 + 0.002 × 3600 s for building it.
    expect(fast.secondsLeft).toBeGreaterThanOrEqual(370);
    expect(fast.secondsLeft).toBeLessThanOrEqual(390);
    // Half-way through the expected transcription, the bar is half-way through its span.
    const half = estimateProgress('Transcription', start, start + 185_000, 3600, { Transcription: 370 })!;
    expect(half.percent).toBe(52);
  });
});
