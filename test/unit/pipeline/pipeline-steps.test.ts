/**
 * The pipeline's media steps as use cases (core/pipeline/{probe-recording,prepare-audio,build-transcript,store-frames}.ts)
 * over in-memory ports: what each step reads, decides and writes.
 */
import { UPLOAD_PLACEHOLDER_NAME } from '../../../functions/contracts/meetings.js';
import type { MeetingRecord } from '../../../functions/core/meetings/model.js';
import { buildMeetingTranscript } from '../../../functions/core/pipeline/build-transcript.js';
import { MinutesUsedUp } from '../../../functions/core/pipeline/errors.js';
import { NotMediaFile, RecordingTooLong } from '../../../functions/core/pipeline/media-probe.js';
import { prepareAudioForTranscription } from '../../../functions/core/pipeline/prepare-audio.js';
import { probeRecording } from '../../../functions/core/pipeline/probe-recording.js';
import { queuedState } from '../../../functions/core/pipeline/processing-status.js';
import type { PipelineRun, PipelineState } from '../../../functions/core/pipeline/run-state.js';
import { storeVideoFrames } from '../../../functions/core/pipeline/store-frames.js';
import type { StageSpeeds, TimedStage } from '../../../functions/core/pipeline/stage-speeds.js';
import { inMemoryArtefacts, inMemoryMediaTools, inMemoryMeetingRecords } from './in-memory-media.js';
import { inMemoryPipeline } from './in-memory-pipeline.js';

const ID = 'm-1';
const UPLOAD = `uploads/${ID}/recording.mp4`;
const run: PipelineRun = { outcome: 'claimed', meetingId: ID, bucket: 'media', key: UPLOAD, etag: 'etag-1', size: 1000, executionId: 'x-1', attempt: 2 };
const report = (duration?: string, video = true) => ({
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', ...(duration ? { duration } : {}) },
  streams: [{ codec_type: 'audio', codec_name: 'aac' }, ...(video ? [{ codec_type: 'video', codec_name: 'h264' }] : [])],
});

function setUp(meeting: Partial<MeetingRecord> = {}) {
  let now = Date.parse('2026-03-01T10:00:00Z');
  const p = inMemoryPipeline(now);
  p.addMeeting(ID, 'host-1');
  const records = inMemoryMeetingRecords();
  records.records.set(ID, {
    id: ID, name: 'Weekly sync', startTime: '2026-03-01T09:00:00.000Z', endTime: null, recordingAvailable: false, boardsShared: 0,
    createdAt: '2026-03-01T08:59:00.000Z', hostUserId: 'host-1', ...meeting,
  });
  const artefacts = inMemoryArtefacts();
  const media = inMemoryMediaTools(artefacts);
  const warnings: string[] = [];
  const speedRuns: { durationSeconds: number; stages: Partial<Record<TimedStage, number>> }[] = [];
  let speeds: StageSpeeds | undefined;
  const fileNames = new Map<string, string>();
  const ports = {
    ...p.ports, meetings: { find: records.find }, media: media.tools, artefacts, recordingFacts: records.store,
    clock: () => now,
    speeds: {
      find: async () => speeds,
      addRun: async (durationSeconds: number, stages: Partial<Record<TimedStage, number>>) => { speedRuns.push({ durationSeconds, stages }); },
    },
    log: { info: () => undefined, warn: (message: string) => { warnings.push(message); }, error: () => undefined },
    uploads: { fileNameOf: async (key: string) => fileNames.get(key) },
  };
  return {
    p, ports, records: records.records, artefacts, media, warnings, speedRuns, fileNames,
    setSpeeds: (s: StageSpeeds | undefined) => { speeds = s; },
    advance: (ms: number) => { now += ms; },
    start: () => p.ports.states.resetState(ID, queuedState(UPLOAD, 'etag-1', new Date(now).toISOString())),
  };
}

describe('ProbeMedia (probeRecording)', () => {
  it('charges the minutes once, fills in the end time and the recording flag, and records the facts on the run', async () => {
    const t = setUp();
    await t.start();
    t.media.state.reports.set(UPLOAD, report('125.4'));
    const result = await probeRecording(t.ports, run, 60_000);
    expect(result).toEqual({ durationSeconds: 125.4, hasVideo: true, tooShort: false, minutesCharged: 3, pollSeconds: 1 });
    expect(t.p.charges.get(`${ID}/etag-1`)).toMatchObject({ userId: 'host-1', minutes: 3, refunded: false });
    expect(t.records.get(ID)).toMatchObject({ recordingAvailable: true, endTime: '2026-03-01T09:02:05.400Z', name: 'Weekly sync' });
    expect(t.p.states.get(ID)).toMatchObject({ status: 'processing', step: 'ProbeMedia', durationSeconds: 125.4, tooShort: false, minutesCharged: 3 });
    expect(t.p.states.get(ID)!.expectedSeconds).toEqual(expect.objectContaining({ Transcription: expect.any(Number) }));
    // A re-delivered run is not charged again.
    await probeRecording(t.ports, run, 60_000);
    expect([...t.p.charges.values()]).toHaveLength(1);
  });

  it("keeps the host's end time and name, and names a meeting still carrying the upload placeholder", async () => {
    const kept = setUp({ endTime: '2026-03-01T10:00:00.000Z' });
    await kept.start();
    kept.media.state.reports.set(UPLOAD, report('60'));
    await probeRecording(kept.ports, run, 60_000);
    expect(kept.records.get(ID)).toMatchObject({ endTime: '2026-03-01T10:00:00.000Z', name: 'Weekly sync', recordingAvailable: true });

    const unnamed = setUp({ name: UPLOAD_PLACEHOLDER_NAME });
    await unnamed.start();
    unnamed.media.state.reports.set(UPLOAD, report('60'));
    await probeRecording(unnamed.ports, run, 60_000);
    expect(unnamed.records.get(ID)!.name).toBe('Uploaded recording 2026-03-01 08:59 UTC');

    // The upload carried the file's name: the meeting is named after the file, as the browser would have named it.
    const named = setUp({ name: UPLOAD_PLACEHOLDER_NAME });
    named.fileNames.set(UPLOAD, 'Q3 budget review.mp4');
    await named.start();
    named.media.state.reports.set(UPLOAD, report('60'));
    await probeRecording(named.ports, run, 60_000);
    expect(named.records.get(ID)!.name).toBe('Q3 budget review');
  });

  it('probes a stream copy when the container gives no duration (a browser webm), with the time the step has', async () => {
    const t = setUp();
    await t.start();
    t.media.state.reports.set(UPLOAD, report(undefined, false));
    t.media.state.copyReports.set(UPLOAD, report('20', false));
    const result = await probeRecording(t.ports, run, 12_345);
    expect(t.media.calls).toEqual([`probe ${UPLOAD}`, `probeCopy ${UPLOAD} 12345`]);
    expect(result).toEqual({ durationSeconds: 20, hasVideo: false, tooShort: true, minutesCharged: 1, pollSeconds: 1 });
  });

  it('refuses a file with no readable length, and one over 4 hours before charging anything', async () => {
    const t = setUp();
    await t.start();
    t.media.state.reports.set(UPLOAD, report());
    await expect(probeRecording(t.ports, run, 1_000)).rejects.toThrow(NotMediaFile);
    t.media.state.reports.set(UPLOAD, report(String(4 * 3600 + 1)));
    await expect(probeRecording(t.ports, run, 1_000)).rejects.toThrow(RecordingTooLong);
    expect(t.p.charges.size).toBe(0);
    expect(t.records.get(ID)!.recordingAvailable).toBe(false);
  });

  it('ends with MinutesUsedUp and writes nothing on the meeting when the host has no minutes left', async () => {
    const t = setUp();
    await t.start();
    t.p.setMinutesLeft('host-1', -1);
    t.media.state.reports.set(UPLOAD, report('60'));
    await expect(probeRecording(t.ports, run, 1_000)).rejects.toThrow(MinutesUsedUp);
    expect(t.records.get(ID)).toMatchObject({ recordingAvailable: false, endTime: null });
  });

  it('estimates with the defaults, and says so, when the measured speeds cannot be read', async () => {
    const t = setUp();
    await t.start();
    t.media.state.reports.set(UPLOAD, report('600'));
    t.ports.speeds.find = async () => { throw new Error('table busy'); };
    await probeRecording(t.ports, run, 1_000);
    expect(t.warnings).toEqual(['Could not read the measured stage speeds; the defaults stand in']);
    expect(t.p.states.get(ID)!.expectedSeconds!.Transcription).toBeGreaterThan(0);
  });
});

describe('ExtractAudio (prepareAudioForTranscription)', () => {
  it('stores the levelled WAV, keeps the stage time, moves the run to Transcription and names this attempt’s job', async () => {
    const t = setUp();
    await t.start();
    t.media.tools.storeSpeechAudio = async (key, target, ms) => {
      t.media.calls.push(`storeSpeechAudio ${key} ${target} ${ms}`);
      t.advance(4_250);
      await t.artefacts.putBytes(target, Buffer.from('RIFF'), 'audio/wav');
      return { verdict: 'usable' as const, speechDb: -40, gainDb: 12 };
    };
    const result = await prepareAudioForTranscription(t.ports, run, 9_000);
    expect(t.media.calls).toEqual([`storeSpeechAudio ${UPLOAD} artefacts/${ID}/audio.wav 9000`]);
    expect(t.artefacts.objects.get(`artefacts/${ID}/audio.wav`)?.contentType).toBe('audio/wav');
    expect(result).toEqual({
      bucket: 'media', key: `artefacts/${ID}/audio.wav`, mediaUri: `s3://media/artefacts/${ID}/audio.wav`,
      jobName: `meetscribe-${ID}-etag-1-2`, outputKey: `artefacts/${ID}/transcribe-output.json`,
      level: { verdict: 'usable', speechDb: -40, gainDb: 12 },
    });
    expect(t.p.states.get(ID)).toMatchObject({
      step: 'Transcription', stageSeconds: { ExtractAudio: 4.3 }, artefacts: { transcript: 'processing' }, stepStartedAt: '2026-03-01T10:00:04.250Z',
    });
  });
});

/** Amazon Transcribe's output: one word item per [speaker, start, text]. */
function transcribeOutput(words: readonly (readonly [string, number, string])[]) {
  return {
    results: {
      transcripts: [{ transcript: words.map((w) => w[2]).join(' ') }],
      items: words.map(([speaker, start, text]) => ({
        type: 'pronunciation', start_time: String(start), end_time: String(start + 0.4), speaker_label: speaker,
        alternatives: [{ confidence: '0.9', content: text }],
      })),
    },
  };
}

describe('BuildTranscript (buildMeetingTranscript)', () => {
  const state = (media: PipelineState['media']): PipelineState => ({ ...run, media });

  it('writes the transcript document, its text and record, the speech time, and the stages’ measured times', async () => {
    const t = setUp();
    await t.start();
    await t.p.ports.states.patchState(ID, { step: 'Transcription', stepStartedAt: '2026-03-01T09:59:00.000Z', stageSeconds: { ExtractAudio: 2.5 } });
    const words = Array.from({ length: 100 }, (_, i) => [i < 50 ? 'spk_0' : 'spk_1', i * 0.5, `word${i}`] as const);
    await t.artefacts.putText(`artefacts/${ID}/transcribe-output.json`, JSON.stringify(transcribeOutput(words)), 'application/json');
    const result = await buildMeetingTranscript(t.ports, state({ durationSeconds: 60, hasVideo: false, tooShort: false, minutesCharged: 1, pollSeconds: 1 }));
    expect(result).toMatchObject({ jsonKey: `artefacts/${ID}/transcript.json`, textKey: `artefacts/${ID}/speaker_labeled_transcript.txt`, speakers: 2 });
    const document = JSON.parse(t.artefacts.objects.get(`artefacts/${ID}/transcript.json`)!.body.toString());
    expect(document).toMatchObject({ version: 1, meetingId: ID, durationSeconds: 60, speakers: ['Speaker 1', 'Speaker 2'] });
    expect(t.artefacts.objects.get(result.textKey)!.body.toString()).toMatch(/^\[00:00:00\] Speaker 1: word0 word1/);
    expect(t.p.transcriptRecords.get(ID)).toMatchObject({ speakerNames: { 'Speaker 1': 'Speaker 1', 'Speaker 2': 'Speaker 2' } });
    expect(t.p.states.get(ID)).toMatchObject({ speechSeconds: result.speechSeconds, tooShort: false, noWordsReason: null, artefacts: { transcript: 'ready' } });
    expect(result.speechSeconds).toBeGreaterThanOrEqual(30);
    expect(t.speedRuns).toEqual([{ durationSeconds: 60, stages: { ExtractAudio: 2.5, Transcription: 60, BuildTranscript: 0 } }]);
  });

  it('says why a transcript has no words, and flags too little speech', async () => {
    const t = setUp();
    await t.start();
    await t.artefacts.putText(`artefacts/${ID}/transcribe-output.json`, JSON.stringify(transcribeOutput([])), 'application/json');
    await buildMeetingTranscript(t.ports, { ...state(undefined), audio: {
      bucket: 'media', key: 'k', mediaUri: 'u', jobName: 'j', outputKey: `artefacts/${ID}/transcribe-output.json`,
      level: { verdict: 'silent', speechDb: null, gainDb: 0 },
    } });
    expect(t.p.states.get(ID)).toMatchObject({ tooShort: true, noWordsReason: 'No words: the recording is silent (no sound was recorded).' });
    expect(t.speedRuns).toEqual([]);
  });

  it('names the speakers by the meeting service’s cues when an import stored them', async () => {
    const t = setUp();
    await t.start();
    const words = [['spk_0', 0, 'Hello'], ['spk_0', 1, 'everyone'], ['spk_1', 3, 'Hi'], ['spk_1', 4, 'there']] as const;
    await t.artefacts.putText(`artefacts/${ID}/transcribe-output.json`, JSON.stringify(transcribeOutput(words)), 'application/json');
    await t.artefacts.putText(`artefacts/${ID}/speaker-cues.json`, JSON.stringify({ version: 1, source: 'timeline', cues: [
      { name: 'Ada Lovelace', start: 0, end: 2 }, { name: 'Grace Hopper', start: 2.5, end: 5 },
    ] }), 'application/json');
    await buildMeetingTranscript(t.ports, state(undefined));
    expect(Object.values(t.p.transcriptRecords.get(ID)!.speakerNames).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });
});

describe('ExtractFrames (storeVideoFrames)', () => {
  it('stores each frame and its thumbnail while the tool’s files exist, in order', async () => {
    const t = setUp();
    t.media.state.frames = [{ timestamp: 0, width: 1280, height: 720 }, { timestamp: 12.5, width: 1280, height: 720 }];
    const result = await storeVideoFrames(t.ports, { meetingId: ID, key: UPLOAD, hasVideo: true }, 5_000);
    expect(result.frames).toEqual([
      { position: 0, timestamp: 0, imageKey: `artefacts/${ID}/frames/00000.jpg`, thumbnailKey: `artefacts/${ID}/frames/00000.thumb.jpg`, width: 1280, height: 720 },
      { position: 1, timestamp: 12.5, imageKey: `artefacts/${ID}/frames/00001.jpg`, thumbnailKey: `artefacts/${ID}/frames/00001.thumb.jpg`, width: 1280, height: 720 },
    ]);
    expect(t.artefacts.objects.get(`artefacts/${ID}/frames/00001.thumb.jpg`)).toEqual({ body: Buffer.from('thumb 1'), contentType: 'image/jpeg' });
    expect(t.media.calls).toEqual([`withFrames ${UPLOAD} 5000`]);
  });

  it('reads nothing for an audio-only recording', async () => {
    const t = setUp();
    expect(await storeVideoFrames(t.ports, { meetingId: ID, key: UPLOAD, hasVideo: false }, 5_000)).toEqual({ meetingId: ID, frames: [] });
    expect(t.media.calls).toEqual([]);
  });
});
