import { minutesBalanceFromConfig } from '../../wiring/minutes.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { UploadMissing } from '../../core/pipeline/errors.js';
import { claimUpload } from '../../core/pipeline/run-rules.js';
import { parseProcessingTrigger } from '../../core/pipeline/upload-trigger.js';
import { pipelineContext, type PipelineRun } from '../../wiring/pipeline.js';

export { UploadMissing };

const ctx = pipelineContext();
const ports = { ...ctx, minutes: minutesBalanceFromConfig(documentClient, ctx.config.TABLE_NAME) };

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
  const waits = (event.trigger as { waits?: unknown })?.waits;
  return { ...base, ...await claimUpload(ports, base, typeof waits === 'number' ? waits : 0) };
};
