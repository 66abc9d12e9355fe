import { queuedState } from '../../core/pipeline/processing-status.js';
import { parseProcessingTrigger } from '../../core/pipeline/upload-trigger.js';
import { pipelineContext, type PipelineRun } from '../shared/context.js';

/** The upload named by the trigger is gone (deleted or replaced before processing started). */
export class UploadMissing extends Error {
  readonly name = 'UploadMissing';
}

const ctx = pipelineContext();

/**
 * First state: turns the trigger (S3 event via EventBridge, or {meetingId, key?}) into a run and claims it for
 * this execution with a conditional write keyed by meeting + upload ETag, so a re-delivered event or a second
 * trigger for the same upload ends as `already_processing`. Throws InvalidProcessingTrigger, UploadMissing.
 */
export const handler = async (event: { trigger: unknown; executionId: string }): Promise<PipelineRun> => {
  const request = parseProcessingTrigger(event.trigger);
  const bucket = request.bucket ?? ctx.config.MEDIA_BUCKET;
  let key = request.key;
  if (!key) key = (await ctx.recordings.latestUpload(request.meetingId))?.key;
  const object = key ? await ctx.artefacts.head(key) : undefined;
  if (!key || !object) throw new UploadMissing(`No uploaded recording found for meeting ${request.meetingId}${key ? ` at ${key}` : ''}.`);
  const etag = request.etag ?? object.etag;
  const base = { meetingId: request.meetingId, bucket, key, etag, size: request.size ?? object.size, executionId: event.executionId };

  if (!(await ctx.meetings.find(request.meetingId))) return { ...base, outcome: 'meeting_not_found', attempt: 0 };
  const now = new Date().toISOString();
  const claim = await ctx.processing.claimRun(request.meetingId, etag, event.executionId, now);
  if (!claim.claimed) return { ...base, outcome: 'already_processing', attempt: claim.attempt };
  await ctx.processing.resetState(request.meetingId, queuedState(key, etag, now));
  return { ...base, outcome: 'claimed', attempt: claim.attempt };
};
