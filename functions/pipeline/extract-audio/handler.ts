import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../../adapters/logging/logger.js';
import { extractSpeechAudio } from '../../adapters/media/ffmpeg.js';
import type { LevellingDecision } from '../../core/pipeline/levelling.js';
import { artefactKeys, transcriptionJobName } from '../../core/pipeline/artefact-keys.js';
import { STEP_PERCENT, stepStarted } from '../../core/pipeline/processing-status.js';
import type { Context } from 'aws-lambda';
import { MEDIA_LINK_SECONDS, pipelineContext, type AudioResult, type PipelineRun } from '../../wiring/pipeline.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ctx = pipelineContext();

/**
 * Writes the recording's sound as 16 kHz mono WAV, levelled (a quiet recording raised, core/pipeline/levelling.ts; the
 * upload itself stays as it was for playback) to artefacts/{id}/audio.wav and names the transcription
 * job of this attempt (the next state starts it). Throws UnreadableMedia / MediaToolFailed from ffmpeg.
 */
export const handler = async (run: PipelineRun, context: Context): Promise<AudioResult> => {
  const started = Date.now();
  await ctx.states.patchState(run.meetingId, { step: 'ExtractAudio', percent: STEP_PERCENT.ExtractAudio, ...stepStarted() });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-audio-'));
  const key = artefactKeys.audio(run.meetingId);
  let level: LevellingDecision;
  try {
    const wav = path.join(dir, 'audio.wav');
    level = await extractSpeechAudio(await ctx.artefacts.presignGet(run.key, MEDIA_LINK_SECONDS), wav, toolTimeBudget(context));
    await ctx.artefacts.putFile(key, wav, 'audio/wav');
    logger.info('Audio levelled for transcription', { meetingId: run.meetingId, ...level });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await ctx.states.patchState(run.meetingId, {
    step: 'Transcription', percent: STEP_PERCENT.Transcription, 'artefacts.transcript': 'processing', ...stepStarted(),
    stageSeconds: { ExtractAudio: Math.round((Date.now() - started) / 100) / 10 },
  });
  return {
    bucket: ctx.artefacts.bucket, key, mediaUri: ctx.artefacts.uri(key),
    jobName: transcriptionJobName(run.meetingId, run.etag, run.attempt),
    outputKey: artefactKeys.transcribeOutput(run.meetingId), level,
  };
};
