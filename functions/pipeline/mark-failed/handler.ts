import { failRun, type FailureRecord } from '../../core/pipeline/run-rules.js';
import { pipelineContext, type PipelineState } from '../../wiring/pipeline.js';

const ctx = pipelineContext();

export type { FailureRecord };

/**
 * Any failure after the claim (core/pipeline/run-rules.ts failRun): the failing step and a readable reason on
 * the meeting, the minutes back when no transcript was produced, the claim closed as failed.
 */
export const handler = async (state: PipelineState): Promise<FailureRecord> => failRun(ctx, state, state.error);
