/**
 * ProbeMedia as a use case (docs/pipeline.md "States"): what the uploaded file is, whether it may be processed, the
 * minutes it costs (once per recording), the meeting's fields it fills in, and the run's expected stage times.
 */
import { fillInFromRecording, type RecordingFactsStore } from '../meetings/recording-facts.js';
import type { Logger } from '../ports.js';
import type { MediaTools } from './media-ports.js';
import { checkRecordingLength, mediaFacts, MIN_SPEECH_SECONDS, NotMediaFile } from './media-probe.js';
import type { ProcessingStates, StageSpeedRecord } from './ports.js';
import { transcriptionPollSeconds } from './progress-estimate.js';
import { STEP_PERCENT, stepStarted } from './processing-status.js';
import type { MediaResult, PipelineRun } from './run-state.js';
import { chargeRecordingOnce, type ChargePorts } from './run-rules.js';
import { expectedStages } from './stage-speeds.js';

export interface ProbeRecordingPorts extends ChargePorts {
  readonly states: Pick<ProcessingStates, 'patchState'>;
  readonly media: Pick<MediaTools, 'probe' | 'probeCopy'>;
  readonly recordingFacts: RecordingFactsStore;
  readonly speeds: Pick<StageSpeedRecord, 'find'>;
  readonly log: Pick<Logger, 'warn'>;
  /** The uploaded file's name, when the upload carried one (it names a meeting the browser never named). */
  readonly uploads: { fileNameOf(key: string): Promise<string | undefined> };
}

/**
 * Reads duration and streams (a webm without duration is copied first, `toolMs` at most), charges the host's minutes
 * once per recording (a re-upload into the same meeting is a new recording and is charged), fills in the meeting's
 * fields (recording-facts.ts) and flags recordings too short for notes. Throws NotMediaFile / NoAudioTrack for files
 * that cannot be processed, RecordingTooLong over 4 hours (before charging), MinutesUsedUp when another recording of
 * the host took the last minutes first (the state machine then waits for minutes, as StartProcessing does). Also
 * returns how often the state machine looks at the transcription job (a tenth of its expected time, 1–5 s).
 */
export async function probeRecording(ports: ProbeRecordingPorts, run: PipelineRun, toolMs: number): Promise<MediaResult> {
  const now = () => new Date(ports.clock());
  await ports.states.patchState(run.meetingId, { status: 'processing', step: 'ProbeMedia', percent: STEP_PERCENT.ProbeMedia, ...stepStarted(now()) });
  let facts = mediaFacts(await ports.media.probe(run.key));
  if (facts.durationSeconds === null) facts = mediaFacts(await ports.media.probeCopy(run.key, toolMs));
  if (facts.durationSeconds === null) throw new NotMediaFile('The length of the recording could not be read. Upload an mp4 or m4a file.');
  const durationSeconds = facts.durationSeconds;
  // Over Transcribe's 4-hour limit: refused here, before the charge below.
  checkRecordingLength(durationSeconds);

  const { meeting, minutesCharged } = await chargeRecordingOnce(ports, run.meetingId, run.etag, durationSeconds);
  await fillInFromRecording(ports.recordingFacts, meeting, durationSeconds, () => ports.uploads.fileNameOf(run.key));

  const tooShort = durationSeconds < MIN_SPEECH_SECONDS;
  // The time left from now on is estimated at this machine's measured speed (docs/pipeline.md "Time left").
  const expectedSeconds = expectedStages(await ports.speeds.find().catch((error: unknown) => {
    ports.log.warn('Could not read the measured stage speeds; the defaults stand in', { error: (error as Error).message });
    return undefined;
  }), durationSeconds);
  await ports.states.patchState(run.meetingId, { durationSeconds, tooShort, minutesCharged, expectedSeconds, updatedAt: now().toISOString() });
  return { durationSeconds, hasVideo: facts.hasVideo, tooShort, minutesCharged, pollSeconds: transcriptionPollSeconds(durationSeconds, expectedSeconds) };
}
