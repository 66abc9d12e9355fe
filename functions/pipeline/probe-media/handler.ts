import type { Context } from 'aws-lambda';
import { probeRecording } from '../../core/pipeline/probe-recording.js';
import type { MediaResult, PipelineRun } from '../../core/pipeline/run-state.js';
import { probeRecordingPorts } from '../../wiring/pipeline-media.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ports = probeRecordingPorts();

/** ProbeMedia: what the upload is, its minutes charged once, the meeting's fields filled in (core/pipeline/probe-recording.ts). */
export const handler = async (run: PipelineRun, context: Context): Promise<MediaResult> => probeRecording(ports, run, toolTimeBudget(context));
