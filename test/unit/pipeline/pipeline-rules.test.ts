import { artefactKeys, transcriptionJobName } from '../../../functions/core/pipeline/artefact-keys.js';
import { endTimeFrom, mediaFacts, NoAudioTrack, NotMediaFile } from '../../../functions/core/pipeline/media-probe.js';
import { minutesToCharge } from '../../../functions/core/pipeline/minutes.js';
import { failureReason, queuedState, STEP_PERCENT, toProcessingView, type ProcessingState } from '../../../functions/core/pipeline/processing-status.js';
import { DEFAULT_COSTS } from '../../../functions/core/pipeline/stage-speeds.js';

describe('minutesToCharge', () => {
  it.each([[0, 0], [0.4, 1], [59.9, 1], [60, 1], [60.01, 2], [148, 3], [3600, 60], [3600.5, 61]])('%s s → %s minutes', (seconds, minutes) => {
    expect(minutesToCharge(seconds)).toBe(minutes);
  });

  it('refuses a negative or unknown duration', () => {
    expect(() => minutesToCharge(-1)).toThrow(RangeError);
    expect(() => minutesToCharge(Number.NaN)).toThrow(RangeError);
  });
});

describe('mediaFacts', () => {
  it('reads an mp4 with video and sound', () => {
    expect(mediaFacts({ format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '148.000000' }, streams: [{ codec_type: 'video', codec_name: 'h264' }, { codec_type: 'audio', codec_name: 'aac' }] }))
      .toEqual({ formatName: 'mov,mp4,m4a,3gp,3g2,mj2', hasAudio: true, hasVideo: true, durationSeconds: 148 });
  });

  it('reads a webm without duration as unknown length, and takes a stream duration when the format has none', () => {
    expect(mediaFacts({ format: { format_name: 'matroska,webm', duration: 'N/A' }, streams: [{ codec_type: 'audio', codec_name: 'opus' }] }).durationSeconds).toBeNull();
    expect(mediaFacts({ format: { format_name: 'ogg' }, streams: [{ codec_type: 'audio', duration: '12.5' }] }).durationSeconds).toBe(12.5);
  });

  it.each([
    ['no streams', { format: { format_name: 'tty' }, streams: [] }],
    ['a still image', { format: { format_name: 'png_pipe' }, streams: [{ codec_type: 'video', codec_name: 'png' }] }],
    ['an image2 jpeg', { format: { format_name: 'image2' }, streams: [{ codec_type: 'video', codec_name: 'mjpeg' }] }],
  ])('refuses %s as not media', (_, report) => {
    expect(() => mediaFacts(report)).toThrow(NotMediaFile);
  });

  it('refuses a silent video: there is nothing to transcribe', () => {
    expect(() => mediaFacts({ format: { format_name: 'mov,mp4', duration: '3' }, streams: [{ codec_type: 'video', codec_name: 'h264' }] })).toThrow(NoAudioTrack);
  });
});

describe('endTimeFrom', () => {
  it('adds the duration to the start', () => {
    expect(endTimeFrom('2025-03-01T10:00:00.000Z', 148.25)).toBe('2025-03-01T10:02:28.250Z');
  });
});

describe('artefact keys and job names', () => {
  it('keeps everything of a meeting under artefacts/{id}/', () => {
    for (const key of [artefactKeys.audio('m1'), artefactKeys.transcript('m1'), artefactKeys.transcriptText('m1'), artefactKeys.transcribeOutput('m1')]) {
      expect(key.startsWith(artefactKeys.prefix('m1'))).toBe(true);
    }
    expect(artefactKeys.transcriptText('m1')).toBe('artefacts/m1/speaker_labeled_transcript.txt');
  });

  it('derives the job name from meeting, upload and attempt, within Transcribe’s name rules', () => {
    expect(transcriptionJobName('m-1', 'abc123-2', 1)).toBe('meetscribe-m-1-abc123-2-1');
    expect(transcriptionJobName('m 1', '"e/t"', 2)).toMatch(/^[0-9A-Za-z._-]+$/);
    expect(transcriptionJobName('m'.repeat(300), 'e', 1)).toHaveLength(200);
  });
});

describe('failureReason', () => {
  it('takes errorMessage from a Lambda cause', () => {
    expect(failureReason({ Error: 'NotMediaFile', Cause: JSON.stringify({ errorType: 'NotMediaFile', errorMessage: 'Not a recording.' }) })).toBe('Not a recording.');
  });

  it('drops the (Service: …) suffix of an aws-sdk cause and keeps a plain cause', () => {
    expect(failureReason({ Error: 'Transcribe.BadRequestException', Cause: 'Bad media. (Service: Transcribe, Status Code: 400, Request ID: x)' })).toBe('Bad media.');
    expect(failureReason({ Error: 'TranscriptionFailed', Cause: 'No engine.' })).toBe('No engine.');
  });

  it('falls back to the error name', () => {
    expect(failureReason({ Error: 'States.Timeout' })).toBe('States.Timeout');
    expect(failureReason(undefined)).toBe('Error');
  });
});

describe('toProcessingView', () => {
  it('shows a stored state in the API’s snake_case, and nothing for a meeting never processed', () => {
    expect(toProcessingView(queuedState('uploads/m/recording.m4a', 'e', '2025-01-01T00:00:00.000Z'), Date.parse('2025-01-01T00:00:00.000Z'))).toEqual({
      status: 'queued', step: 'StartProcessing', percent: 0, stage: 'Waiting to start', seconds_left: expect.any(Number), reason: null,
      too_short: false, no_words_reason: null, duration_seconds: null, minutes_charged: null, transcript: 'queued', updated_at: '2025-01-01T00:00:00.000Z',
    });
    expect(toProcessingView(null)).toBeUndefined();
    expect(toProcessingView(undefined)).toBeUndefined();
  });

  const transcribing = (startedAt: string): ProcessingState => ({
    ...queuedState('uploads/m/recording.m4a', 'e', '2025-01-01T00:00:00.000Z'),
    status: 'processing', step: 'Transcription', percent: STEP_PERCENT.Transcription, durationSeconds: 600,
    artefacts: { transcript: 'processing' }, updatedAt: startedAt, stepStartedAt: startedAt,
  });

  it('moves the percent within the transcription stage as its time passes, and the time left goes down', () => {
    const start = Date.parse('2025-01-01T00:01:00.000Z');
    const expected = DEFAULT_COSTS.Transcription.startSeconds + 600 * DEFAULT_COSTS.Transcription.perSecond;
    const views = [0, 0.1, 0.5, 0.9].map((share) => toProcessingView(transcribing('2025-01-01T00:01:00.000Z'), start + share * expected * 1000)!);
    expect(views.map((v) => v.stage)).toEqual(Array(4).fill('Transcribing the speech'));
    const percents = views.map((v) => v.percent!);
    expect(percents[0]).toBe(STEP_PERCENT.Transcription);
    for (let i = 1; i < percents.length; i++) expect(percents[i]!).toBeGreaterThan(percents[i - 1]!);
    expect(percents.at(-1)!).toBeLessThan(STEP_PERCENT.BuildTranscript);
    const left = views.map((v) => v.seconds_left!);
    for (let i = 1; i < left.length; i++) expect(left[i]!).toBeLessThan(left[i - 1]!);
    // 600 s at the default real-time factor (nothing measured on this run), plus the stages after it.
    expect(left[0]).toBeGreaterThanOrEqual(600 * DEFAULT_COSTS.Transcription.perSecond);
  });

  it('holds a stage running late below its end, and its time left grows with the overrun instead of saying about a minute', () => {
    const late = toProcessingView(transcribing('2025-01-01T00:00:00.000Z'), Date.parse('2025-01-01T05:00:00.000Z'))!;
    expect(late.percent).toBeLessThan(STEP_PERCENT.BuildTranscript);
    // Five hours into a stage expected to take minutes: about as long again.
    expect(late.seconds_left).toBeGreaterThanOrEqual(5 * 3600);
  });

  it('has no stage or time left once the transcript is ready or the run failed', () => {
    const ready = { ...transcribing('2025-01-01T00:00:00.000Z'), status: 'ready' as const, step: 'Finalize' as const, percent: 100, artefacts: { transcript: 'ready' as const } };
    expect(toProcessingView(ready)).toMatchObject({ percent: 100, stage: null, seconds_left: null });
    const failed = { ...transcribing('2025-01-01T00:00:00.000Z'), status: 'failed' as const, percent: null };
    expect(toProcessingView(failed)).toMatchObject({ percent: null, stage: null, seconds_left: null });
  });
});
