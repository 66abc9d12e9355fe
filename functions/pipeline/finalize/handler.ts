import { completeRun } from '../../core/pipeline/run-rules.js';
import { pipelineContext, type PipelineState } from '../../wiring/pipeline.js';

const ctx = pipelineContext();

/** Last state of a successful run: the meeting is ready and the run's claim is closed. */
export const handler = async (state: PipelineState): Promise<{ status: 'ready' }> => {
  await completeRun(ctx, state);
  return { status: 'ready' };
};
