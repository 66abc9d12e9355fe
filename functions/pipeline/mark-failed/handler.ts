import { MeetingGone } from '../../adapters/dynamodb/processing-repository.js';
import { failureReason, type PipelineStep } from '../../core/pipeline/processing-status.js';
import { pipelineContext, type PipelineState } from '../shared/context.js';

const ctx = pipelineContext();

export interface FailureRecord { readonly step: PipelineStep | null; readonly error: string; readonly reason: string; readonly minutesRefunded: number }

/**
 * Any failure after the claim: records the failing step and a readable reason on the meeting, gives the
 * minutes back when no transcript was produced, and closes the claim as failed (a later upload may retry).
 * A meeting deleted meanwhile is not an error here.
 */
export const handler = async (state: PipelineState): Promise<FailureRecord> => {
  const reason = failureReason(state.error);
  const error = state.error?.Error ?? 'Error';
  const step = (await ctx.processing.findState(state.meetingId))?.step ?? null;
  const hasTranscript = Boolean(await ctx.processing.findTranscript(state.meetingId));
  const minutesRefunded = hasTranscript ? 0 : await ctx.processing.refundMinutes(state.meetingId, state.etag);
  try {
    await ctx.processing.patchState(state.meetingId, {
      status: 'failed', reason, percent: null, ...(hasTranscript ? {} : { 'artefacts.transcript': 'failed' as const }),
      ...(minutesRefunded ? { minutesCharged: 0 } : {}), updatedAt: new Date().toISOString(),
    });
  } catch (thrown) {
    if (!(thrown instanceof MeetingGone)) throw thrown;
  }
  await ctx.processing.finishRun(state.meetingId, state.etag, state.executionId, 'failed');
  return { step, error, reason, minutesRefunded };
};
