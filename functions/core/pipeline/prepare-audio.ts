/**
 * ExtractAudio as a use case: the recording's sound, levelled for speech (levelling.ts; the upload itself stays as it
 * was for playback), stored as artefacts/{id}/audio.wav, and the transcription job of this attempt named.
 */
import type { Clock, Logger } from '../ports.js';
import { artefactKeys, transcriptionJobName } from './artefact-keys.js';
import type { ArtefactStore, MediaTools } from './media-ports.js';
import type { ProcessingStates } from './ports.js';
import { STEP_PERCENT, stepStarted } from './processing-status.js';
import type { AudioResult, PipelineRun } from './run-state.js';

export interface PrepareAudioPorts {
  readonly states: Pick<ProcessingStates, 'patchState'>;
  readonly media: Pick<MediaTools, 'storeSpeechAudio'>;
  readonly artefacts: Pick<ArtefactStore, 'bucket' | 'uri'>;
  readonly clock: Clock;
  readonly log: Pick<Logger, 'info'>;
}

/**
 * Stores the levelled 16 kHz mono WAV (ffmpeg `toolMs` at most), keeps the stage's time for the time-left estimates
 * and moves the run on to Transcription. Throws the media tools' errors (unreadable media, MediaToolFailed).
 */
export async function prepareAudioForTranscription(ports: PrepareAudioPorts, run: PipelineRun, toolMs: number): Promise<AudioResult> {
  const started = ports.clock();
  await ports.states.patchState(run.meetingId, { step: 'ExtractAudio', percent: STEP_PERCENT.ExtractAudio, ...stepStarted(new Date(started)) });
  const key = artefactKeys.audio(run.meetingId);
  const level = await ports.media.storeSpeechAudio(run.key, key, toolMs);
  ports.log.info('Audio levelled for transcription', { meetingId: run.meetingId, ...level });
  const finished = ports.clock();
  await ports.states.patchState(run.meetingId, {
    step: 'Transcription', percent: STEP_PERCENT.Transcription, 'artefacts.transcript': 'processing', ...stepStarted(new Date(finished)),
    stageSeconds: { ExtractAudio: Math.round((finished - started) / 100) / 10 },
  });
  return {
    bucket: ports.artefacts.bucket, key, mediaUri: ports.artefacts.uri(key),
    jobName: transcriptionJobName(run.meetingId, run.etag, run.attempt),
    outputKey: artefactKeys.transcribeOutput(run.meetingId), level,
  };
}
