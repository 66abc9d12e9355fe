/**
 * The media steps' ports (ProbeMedia, ExtractAudio: docs/pipeline.md "Steps as use cases"; ExtractFrames':
 * wiring/pipeline-frames.ts): the pipeline's context with the media tools (ffprobe, ffmpeg). Apart from wiring/pipeline.ts
 * so that the other tasks do not bundle the media tools (they would need the ffmpeg layer) nor the minutes balance's settings.
 */
import { documentClient } from '../adapters/dynamodb/client.js';
import { createRecordingFacts } from '../adapters/dynamodb/processing-state-repository.js';
import { createMediaTools } from '../adapters/media/media-tools.js';
import { uploadedFileName } from '../core/meetings/download-name.js';
import type { PrepareAudioPorts } from '../core/pipeline/prepare-audio.js';
import type { ProbeRecordingPorts } from '../core/pipeline/probe-recording.js';
import { minutesBalanceFromConfig } from './minutes.js';
import { pipelineContext } from './pipeline.js';

/** ProbeMedia's ports: the context, the media tools, the meeting's fill-in and the host's minutes balance (wiring/minutes.ts). */
export function probeRecordingPorts(): ProbeRecordingPorts {
  const ctx = pipelineContext();
  return {
    ...ctx, media: createMediaTools(ctx.artefacts), recordingFacts: createRecordingFacts(documentClient, ctx.config.TABLE_NAME),
    minutes: minutesBalanceFromConfig(documentClient, ctx.config.TABLE_NAME),
    uploads: { fileNameOf: async (key) => uploadedFileName((await ctx.artefacts.head(key))?.metadata) },
  };
}

/** ExtractAudio's ports: the context and the media tools. */
export function prepareAudioPorts(): PrepareAudioPorts {
  const ctx = pipelineContext();
  return { ...ctx, media: createMediaTools(ctx.artefacts) };
}
