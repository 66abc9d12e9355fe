import { pipelineContext, type PipelineState } from '../shared/context.js';

const ctx = pipelineContext();

/** Last state of a successful run: the meeting is ready and the run's claim is closed. */
export const handler = async (state: PipelineState): Promise<{ status: 'ready' }> => {
  await ctx.processing.patchState(state.meetingId, { status: 'ready', step: 'Finalize', percent: 100, reason: null, updatedAt: new Date().toISOString() });
  await ctx.processing.finishRun(state.meetingId, state.etag, state.executionId, 'succeeded');
  return { status: 'ready' };
};
