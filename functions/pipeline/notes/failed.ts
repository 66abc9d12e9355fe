import { insightsContext } from '../../wiring/insights.js';
import { failureReason } from '../../core/pipeline/processing-status.js';

const ctx = insightsContext();

/** Catch target of the notes branch: marks the notes failed (never over ready notes). */
export const handler = async (input: { meetingId: string; error?: { Error?: string; Cause?: string } }) => {
  await ctx.insights.markFailed(input.meetingId, 'notes', failureReason(input.error));
  return { status: 'failed' as const };
};
