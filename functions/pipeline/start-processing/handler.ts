import { minutesBalanceFromConfig } from '../../adapters/dynamodb/meetings-accounts.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { WAITING_FOR_MINUTES } from '../../core/billing/messages.js';
import { queuedState } from '../../core/pipeline/processing-status.js';
import { parseProcessingTrigger } from '../../core/pipeline/upload-trigger.js';
import { pipelineContext, type PipelineRun } from '../shared/context.js';

/** The upload named by the trigger is gone (deleted or replaced before processing started). */
export class UploadMissing extends Error {
  readonly name = 'UploadMissing';
}

const ctx = pipelineContext();
const minutes = minutesBalanceFromConfig(documentClient, ctx.config.TABLE_NAME);

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

  const aggregate = await ctx.meetings.find(request.meetingId);
  if (!aggregate) return { ...base, outcome: 'meeting_not_found', attempt: 0 };
  const now = new Date().toISOString();
  // A recording whose host has no minutes left (a live-room recording is kept even then) waits, unclaimed.
  if ((await minutes.minutesLeft(aggregate.meeting.hostUserId)) < 0) {
    await ctx.processing.resetState(request.meetingId, { ...queuedState(key, etag, now), reason: WAITING_FOR_MINUTES });
    const waits = (typeof (event.trigger as { waits?: unknown })?.waits === 'number' ? (event.trigger as { waits: number }).waits : 0) + 1;
    return { ...base, outcome: 'waiting_for_minutes', attempt: 0, waits };
  }
  const claim = await ctx.processing.claimRun(request.meetingId, etag, event.executionId, now);
  if (!claim.claimed) return { ...base, outcome: 'already_processing', attempt: claim.attempt };
  await ctx.processing.resetState(request.meetingId, queuedState(key, etag, now));
  return { ...base, outcome: 'claimed', attempt: claim.attempt };
};
