import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { probeMedia, remuxCopy, UnreadableMedia } from '../../adapters/media/ffmpeg.js';
import { UPLOAD_PLACEHOLDER_NAME } from '../../contracts/meetings.js';
import { arrivedUploadName, uploadedFileName } from '../../core/meetings/download-name.js';
import { checkRecordingLength, endTimeFrom, mediaFacts, MIN_SPEECH_SECONDS, NotMediaFile } from '../../core/pipeline/media-probe.js';
import { STEP_PERCENT, stepStarted } from '../../core/pipeline/processing-status.js';
import { chargeRecordingOnce } from '../../core/pipeline/run-rules.js';
import { expectedStages } from '../../core/pipeline/stage-speeds.js';
import { logger } from '../../adapters/logging/logger.js';
import type { Context } from 'aws-lambda';
import { minutesBalanceFromConfig } from '../../wiring/minutes.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { MEDIA_LINK_SECONDS, pipelineContext, type MediaResult, type PipelineRun } from '../../wiring/pipeline.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ctx = pipelineContext();
const chargePorts = { ...ctx, minutes: minutesBalanceFromConfig(documentClient, ctx.config.TABLE_NAME) };

/**
 * Reads duration and streams with ffprobe (a webm without duration is remuxed first), charges the host's
 * minutes once per recording (a re-upload into the same meeting is a new recording and is charged), fills an empty end time from the duration and flags recordings too short for notes.
 * Throws NotMediaFile / NoAudioTrack for files that cannot be processed, RecordingTooLong over 4 hours (before charging), MinutesUsedUp when another recording of
 * the host took the last minutes first (the state machine then waits for minutes, as StartProcessing does).
 */
export const handler = async (run: PipelineRun, context: Context): Promise<MediaResult> => {
  await ctx.states.patchState(run.meetingId, { status: 'processing', step: 'ProbeMedia', percent: STEP_PERCENT.ProbeMedia, ...stepStarted() });
  const link = await ctx.artefacts.presignGet(run.key, MEDIA_LINK_SECONDS);
  let facts = mediaFacts(await readable(() => probeMedia(link)));
  if (facts.durationSeconds === null) facts = mediaFacts(await readable(() => probeRemuxed(link, run.key, toolTimeBudget(context))));
  if (facts.durationSeconds === null) throw new NotMediaFile('The length of the recording could not be read. Upload an mp4 or m4a file.');
  const durationSeconds = facts.durationSeconds;
  // Over Transcribe's 4-hour limit: refused here, before the charge below.
  checkRecordingLength(durationSeconds);

  const { meeting, minutesCharged } = await chargeRecordingOnce(chargePorts, run.meetingId, run.etag, durationSeconds);
  await ctx.states.recordDuration(run.meetingId, !meeting.endTime && meeting.startTime ? endTimeFrom(meeting.startTime, durationSeconds) : null);
  // The recording arrived but the browser closed before naming the meeting: a real name, so the row, the viewer
  // and the e-mails do not call a processed recording "Upload: Failed".
  if (meeting.name === UPLOAD_PLACEHOLDER_NAME) {
    const fileName = uploadedFileName((await ctx.artefacts.head(run.key))?.metadata);
    await ctx.states.nameUnnamedUpload(run.meetingId, UPLOAD_PLACEHOLDER_NAME, arrivedUploadName(meeting.createdAt, fileName));
  }

  const tooShort = durationSeconds < MIN_SPEECH_SECONDS;
  // The time left from now on is estimated at this machine's measured speed (docs/pipeline.md "Time left").
  const expectedSeconds = expectedStages(await ctx.speeds.find().catch((error: unknown) => {
    logger.warn('Could not read the measured stage speeds; the defaults stand in', { error: (error as Error).message });
    return undefined;
  }), durationSeconds);
  await ctx.states.patchState(run.meetingId, { durationSeconds, tooShort, minutesCharged, expectedSeconds, updatedAt: new Date().toISOString() });
  return { durationSeconds, hasVideo: facts.hasVideo, tooShort, minutesCharged };
};

async function readable<T>(probe: () => Promise<T>): Promise<T> {
  try {
    return await probe();
  } catch (error) {
    if (error instanceof UnreadableMedia) throw new NotMediaFile('The uploaded file is not an audio or video recording. Upload an mp4 or m4a file.');
    throw error;
  }
}

async function probeRemuxed(link: string, key: string, timeoutMs: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-remux-'));
  try {
    const extension = /\.(webm|mkv|mp4|m4a|mov|ogg)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mkv';
    const copy = path.join(dir, `remuxed.${extension}`);
    await remuxCopy(link, copy, timeoutMs);
    return await probeMedia(copy);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
