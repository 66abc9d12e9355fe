import { buildMeetingTranscript } from '../../core/pipeline/build-transcript.js';
import { buildTranscriptPorts, pipelineContext, type PipelineState, type TranscriptResult } from '../../wiring/pipeline.js';

const ports = buildTranscriptPorts(pipelineContext());

/** BuildTranscript: the transcription job's output as the meeting's transcript (core/pipeline/build-transcript.ts). */
export const handler = async (state: PipelineState): Promise<TranscriptResult> => buildMeetingTranscript(ports, state);
