import { importContext } from '../../wiring/integrations-import.js';
import { importMeetingId, type ImportRequest } from '../../core/integrations/import-recording.js';
import { failureReason } from '../../core/pipeline/processing-status.js';

/** Catch of the import state machine: after the retries, the meeting (if created) shows why the import failed. */
export const handler = async (input: ImportRequest & { error?: { Error?: string; Cause?: string } }): Promise<void> => {
  const ctx = importContext();
  const existing = await ctx.imports.find(input.service, input.recordingId);
  const meetingId = existing?.meetingId ?? importMeetingId(input.service, input.recordingId);
  const reason = `The recording could not be imported: ${failureReason(input.error)}`;
  if (await ctx.importDeps.meetings.find(meetingId)) await ctx.importDeps.meetings.markFailed(meetingId, reason);
  if (existing) await ctx.imports.finish(input.service, input.recordingId, 'failed', reason);
};
