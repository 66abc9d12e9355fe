import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import { claimTranscriptImport, parseTranscriptImportTrigger } from '../../core/pipeline/transcript-import-run.js';
import { pipelineContext, type PipelineRun } from '../../wiring/pipeline.js';

const ctx = pipelineContext();

/**
 * First state of the transcript branch (StartTranscriptImport): turns `{source: 'transcript', meetingId, importId}` into
 * a run and claims it for this execution, keyed by the file's hash as an upload is by its ETag. Throws InvalidProcessingTrigger.
 */
export const handler = async (event: { trigger: unknown; executionId: string }): Promise<PipelineRun & { source: 'transcript' }> => {
  const { meetingId, importId } = parseTranscriptImportTrigger(event.trigger);
  const key = artefactKeys.transcript(meetingId);
  const claim = await claimTranscriptImport(ctx, { meetingId, importId, executionId: event.executionId, key });
  return { source: 'transcript', meetingId, bucket: ctx.config.MEDIA_BUCKET, key, etag: importId, size: 0, executionId: event.executionId, ...claim };
};
