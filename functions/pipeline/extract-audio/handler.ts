import type { Context } from 'aws-lambda';
import { prepareAudioForTranscription } from '../../core/pipeline/prepare-audio.js';
import type { AudioResult, PipelineRun } from '../../core/pipeline/run-state.js';
import { prepareAudioPorts } from '../../wiring/pipeline-media.js';
import { toolTimeBudget } from '../shared/tool-time.js';

const ports = prepareAudioPorts();

/** ExtractAudio: the levelled speech audio and the transcription job's name (core/pipeline/prepare-audio.ts). */
export const handler = async (run: PipelineRun, context: Context): Promise<AudioResult> =>
  prepareAudioForTranscription(ports, run, toolTimeBudget(context));
