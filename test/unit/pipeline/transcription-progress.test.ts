import { estimateProgress, MAX_POLL_SECONDS, MIN_POLL_SECONDS, transcriptionPollSeconds, transcriptionProjection, TRUSTED_SHARE } from '../../../functions/core/pipeline/progress-estimate.js';
import { toProcessingView, type ProcessingState } from '../../../functions/core/pipeline/processing-status.js';
import type { StatePatch } from '../../../functions/core/pipeline/ports.js';
import {
  noteTranscriptionProgress, progressTagValue, readProgressTag, TRANSCRIPTION_PROGRESS_TAG,
} from '../../../functions/core/pipeline/transcription-progress.js';
import { toApiJob } from '../../../local/transcribe/api.js';
import type { JobRecord } from '../../../local/transcribe/store.js';

const T0 = Date.parse('2026-01-01T10:00:00.000Z');
const tag = (value: string) => [{ Key: TRANSCRIPTION_PROGRESS_TAG, Value: value }];

describe('the engine’s progress as a tag of the running job', () => {
  it('reads back what it wrote', () => {
    const progress = { done: 120.5, total: 2400, startedAtMs: T0, atMs: T0 + 30_000, startDone: 28.5 };
    expect(readProgressTag(tag(progressTagValue(progress)))).toEqual(progress);
  });

  it('reads a tag written before the work done at the start was (no `from`) as starting from none', () => {
    expect(readProgressTag(tag('done=10&total=40&started=1&at=2'))).toEqual({ done: 10, total: 40, startedAtMs: 1000, atMs: 2000, startDone: 0 });
  });

  it('reads nothing from jobs without it, other tags, or values that are not progress', () => {
    expect(readProgressTag(undefined)).toBeUndefined();
    expect(readProgressTag([{ Key: 'team', Value: 'done=1&total=2&started=1&at=2' }])).toBeUndefined();
    for (const value of ['', 'done=1&total=0&started=1&at=2', 'done=3&total=2&started=1&at=2', 'done=-1&total=2&started=1&at=2',
      'done=1&total=2&started=5&at=2', 'done=x&total=2&started=1&at=2', 'done=1&total=2&at=2', 'done=1&total=2&started=0&at=2',
      'done=1&total=2&started=1&at=2&from=2', 'done=1&total=2&started=1&at=2&from=x']) {
      expect(readProgressTag(tag(value))).toBeUndefined();
    }
  });

  it('the local Transcribe service shows a running job’s progress as that tag, and none once it is done', () => {
    const job: JobRecord = {
      name: 'j', status: 'IN_PROGRESS', languageCode: 'en-US', mediaUri: 's3://b/k.wav', showSpeakerLabels: false, creationTime: T0,
      progress: { done: 56, total: 560, startTime: T0 + 5_000, updateTime: T0 + 9_000, startDone: 28 },
    };
    expect(readProgressTag(toApiJob(job).Tags)).toEqual({ done: 56, total: 560, startedAtMs: T0 + 5_000, atMs: T0 + 9_000, startDone: 28 });
    expect(toApiJob({ ...job, status: 'COMPLETED' }).Tags).toBeUndefined();
    expect(toApiJob({ ...job, progress: undefined }).Tags).toBeUndefined();
  });

  it('NoteTranscriptionProgress keeps it on the meeting, and writes nothing for a job without it', async () => {
    const patches: Array<[string, StatePatch]> = [];
    const ports = { states: { patchState: async (id: string, fields: StatePatch) => { patches.push([id, fields]); } } };
    expect(await noteTranscriptionProgress(ports, { meetingId: 'm1', tags: [{ Key: 'other', Value: 'x' }] })).toBe(false);
    expect(patches).toEqual([]);
    const value = progressTagValue({ done: 10, total: 100, startedAtMs: T0, atMs: T0 + 4_000, startDone: 5 });
    expect(await noteTranscriptionProgress(ports, { meetingId: 'm1', tags: tag(value) })).toBe(true);
    expect(patches).toEqual([['m1', {
      transcriptionProgress: { done: 10, total: 100, startedAt: '2026-01-01T10:00:00.000Z', at: '2026-01-01T10:00:04.000Z', startDone: 5 },
    }]]);
  });
});

describe('time left that follows the work done', () => {
  it('projects the rest at the pace since the first work was done, plus half a poll', () => {
    // A tenth done when the first piece came back, 20 s into the stage; half by 60 s: 0.4 in 40 s, the other half in
    // 50 s more. The 20 s before the first piece (starting, the first piece's decoding) are not that pace.
    const projection = transcriptionProjection({ share: 0.5, startedAfter: 20, reportedAfter: 60, startShare: 0.1 }, 5)!;
    expect(projection.seconds).toBeCloseTo(110 + 2.5);
    expect(projection.weight).toBe(1);
    // Less than a second of pace (pieces come back in bursts, one a session): the share over all the time in the stage.
    expect(transcriptionProjection({ share: 0.2, startedAfter: 20, reportedAfter: 20.5, startShare: 0.1 }, 5)!.seconds).toBeCloseTo(102.5 + 2.5);
    // Nothing more done since the start: no pace; the same.
    expect(transcriptionProjection({ share: 0.1, startedAfter: 20, reportedAfter: 30, startShare: 0.1 }, 5)!.seconds).toBeCloseTo(300 + 2.5);
    expect(transcriptionProjection({ share: TRUSTED_SHARE / 2, startedAfter: 20, reportedAfter: 30 }, 5)!.weight).toBeCloseTo(0.5);
    // No rate yet: nothing decoded, no time in the stage, or a report out of order.
    expect(transcriptionProjection({ share: 0, startedAfter: 20, reportedAfter: 25 }, 5)).toBeUndefined();
    expect(transcriptionProjection({ share: 0.3, startedAfter: 0, reportedAfter: 0 }, 5)).toBeUndefined();
    expect(transcriptionProjection({ share: 0.3, startedAfter: 20, reportedAfter: 10 }, 5)).toBeUndefined();
  });

  it("waits a tenth of the transcription's expected time between looks at the job, 1–5 s, and projects half of it", () => {
    expect(transcriptionPollSeconds(120, { Transcription: 11 })).toBe(1);
    expect(transcriptionPollSeconds(600, { Transcription: 31 })).toBe(3);
    expect(transcriptionPollSeconds(3600, { Transcription: 170 })).toBe(MAX_POLL_SECONDS);
    expect(transcriptionPollSeconds(30, { Transcription: 2 })).toBe(MIN_POLL_SECONDS);
    // Not probed yet or no record: from the defaults' expected time (10 minutes assumed before the probe).
    expect(transcriptionPollSeconds(null)).toBe(transcriptionPollSeconds(600));
    // A short run's projection adds half its 1 s poll, not half of 5 s.
    const short = (seconds: number) => estimateProgress('Transcription', T0, T0 + seconds * 1000, 120, { Transcription: 11, BuildTranscript: 0 },
      { share: 0.5, startedAfter: 1, reportedAfter: 3 })!;
    expect(short(3).secondsLeft).toBe(Math.round(3 + (0.5 * 2) / 0.5 + 0.5 - 3));
  });

  const at = (seconds: number, engine?: Parameters<typeof estimateProgress>[5]) =>
    estimateProgress('Transcription', T0, T0 + seconds * 1000, 3600, { Transcription: 60, BuildTranscript: 0 }, engine)!;

  it('an engine slower than the fit: the time left says so once enough is done, not only once the stage is late', () => {
    // Expected 60 s; the engine has done 40 % by 50 s, 10 % of it by 10 s: 0.6 more at 0.3 in 40 s, 130 + 2.5 s in all.
    const engine = { share: 0.4, startedAfter: 10, reportedAfter: 50, startShare: 0.1 };
    expect(at(50).secondsLeft).toBe(10);
    expect(at(50, engine).secondsLeft).toBe(Math.round(132.5 - 50));
    // A faster engine: less left than the fit says.
    expect(at(20, { share: 0.5, startedAfter: 5, reportedAfter: 15 }).secondsLeft).toBeLessThan(at(20).secondsLeft);
  });

  it('early on, blends the projection with the expected time by the share done', () => {
    const early = { share: TRUSTED_SHARE / 4, startedAfter: 10, reportedAfter: 20 }; // 0.1 in 10 s: projects 110 + 2.5
    const left = at(20, early).secondsLeft;
    expect(left).toBeGreaterThan(at(20).secondsLeft);
    expect(left).toBeLessThan(112.5 - 20);
    expect(left).toBe(Math.round(0.75 * 40 + 0.25 * (112.5 - 20)));
  });

  it('keeps the late-stage rule against the projection: past it, the time left grows with the overrun', () => {
    const engine = { share: 1, startedAfter: 10, reportedAfter: 40 }; // projects 40 + 2.5 = 42.5 s
    const late = [60, 80, 120].map((s) => at(s, engine).secondsLeft);
    for (let i = 1; i < late.length; i++) expect(late[i]!).toBeGreaterThan(late[i - 1]!);
    expect(at(120, engine).percent).toBeLessThan(92);
  });

  it('only in the transcription: other stages keep their expected times', () => {
    const engine = { share: 0.5, startedAfter: 0, reportedAfter: 100 };
    const build = (e?: typeof engine) => estimateProgress('BuildTranscript', T0, T0 + 1_000, 3600, { BuildTranscript: 10 }, e)!;
    expect(build(engine)).toEqual(build());
  });

  const transcribing = (progress?: ProcessingState['transcriptionProgress']): ProcessingState => ({
    status: 'processing', step: 'Transcription', percent: 12, reason: null, uploadKey: 'u', uploadEtag: 'e', durationSeconds: 3600,
    speechSeconds: null, tooShort: false, minutesCharged: 60, artefacts: { transcript: 'processing' }, updatedAt: '2026-01-01T10:00:00.000Z',
    stepStartedAt: '2026-01-01T10:00:00.000Z', expectedSeconds: { Transcription: 60, BuildTranscript: 0 },
    ...(progress ? { transcriptionProgress: progress } : {}),
  });

  it('the meeting’s view uses this run’s report, and ignores one from before the stage started (an earlier run’s)', () => {
    const now = T0 + 50_000;
    const fresh = { done: 40, total: 100, startedAt: '2026-01-01T10:00:10.000Z', at: '2026-01-01T10:00:50.000Z', startDone: 10 };
    // 0.3 done in the 40 s since 0.1 was, 0.6 to go: 50 + 80 s, half a poll, less the 50 s gone.
    expect(toProcessingView(transcribing(fresh), now)!.seconds_left).toBe(83);
    const stale = { ...fresh, startedAt: '2026-01-01T09:50:10.000Z', at: '2026-01-01T09:50:50.000Z' };
    expect(toProcessingView(transcribing(stale), now)!.seconds_left).toBe(toProcessingView(transcribing(), now)!.seconds_left);
    expect(toProcessingView({ ...transcribing(fresh), step: 'BuildTranscript' }, now)!.seconds_left)
      .toBe(toProcessingView({ ...transcribing(), step: 'BuildTranscript' }, now)!.seconds_left);
  });
});
