import type { Context } from 'aws-lambda';
import type { ExtractFramesInput, FrameRef } from '../../core/pipeline/run-state.js';
import { storeVideoFrames } from '../../core/pipeline/store-frames.js';
import { storeFramesPorts } from '../../wiring/pipeline-frames.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ports = storeFramesPorts();

/** ExtractFrames (video branch, step 1): the recording's changing frames stored as JPEGs (core/pipeline/store-frames.ts). */
export const handler = async (input: ExtractFramesInput, context: Context): Promise<{ meetingId: string; frames: FrameRef[] }> =>
  storeVideoFrames(ports, input, toolTimeBudget(context));
