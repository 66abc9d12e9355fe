import { insightsContext } from '../../wiring/insights.js';
import { failureReason } from '../../core/pipeline/processing-status.js';

const ctx = insightsContext();

/** Catch target of the sentiment branch: marks the sentiments failed (never over a ready series). */
export const handler = async (input: { meetingId: string; error?: { Error?: string; Cause?: string } }) => {
  await ctx.insights.markFailed(input.meetingId, 'sentiments', failureReason(input.error));
  return { status: 'failed' as const };
};
