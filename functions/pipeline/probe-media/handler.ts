import type { Context } from 'aws-lambda';
import { probeRecording } from '../../core/pipeline/probe-recording.js';
import { pipelineContext, probeRecordingPorts, type MediaResult, type PipelineRun } from '../../wiring/pipeline.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ports = probeRecordingPorts(pipelineContext());

/** ProbeMedia: what the upload is, its minutes charged once, the meeting's fields filled in (core/pipeline/probe-recording.ts). */
export const handler = async (run: PipelineRun, context: Context): Promise<MediaResult> => probeRecording(ports, run, toolTimeBudget(context));
