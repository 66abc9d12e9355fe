import type { Context } from 'aws-lambda';
import { prepareAudioForTranscription } from '../../core/pipeline/prepare-audio.js';
import { pipelineContext, prepareAudioPorts, type AudioResult, type PipelineRun } from '../../wiring/pipeline.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ports = prepareAudioPorts(pipelineContext());

/** ExtractAudio: the levelled speech audio and the transcription job's name (core/pipeline/prepare-audio.ts). */
export const handler = async (run: PipelineRun, context: Context): Promise<AudioResult> =>
  prepareAudioForTranscription(ports, run, toolTimeBudget(context));
