import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createMinutesLedger } from '../adapters/dynamodb/minutes-ledger-repository.js';
import { createProcessingStates, createRecordingFacts } from '../adapters/dynamodb/processing-state-repository.js';
import { createRunClaims } from '../adapters/dynamodb/run-claims-repository.js';
import { createStageSpeedRecord } from '../adapters/dynamodb/stage-speeds-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { logger } from '../adapters/logging/logger.js';
import { createMediaTools } from '../adapters/media/media-tools.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../adapters/storage/s3-recordings.js';
import { readConfig } from '../config.js';
import type { BuildTranscriptPorts } from '../core/pipeline/build-transcript.js';
import type { PrepareAudioPorts } from '../core/pipeline/prepare-audio.js';
import type { ProbeRecordingPorts } from '../core/pipeline/probe-recording.js';
import type { StoreFramesPorts } from '../core/pipeline/store-frames.js';
import { minutesBalanceFromConfig } from './minutes.js';

/** Adapters shared by the pipeline's task handlers, created once per container. */
export function pipelineContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const artefacts = createMediaBucket(config.MEDIA_BUCKET);
  return {
    config,
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    claims: createRunClaims(documentClient, config.TABLE_NAME),
    states: createProcessingStates(documentClient, config.TABLE_NAME),
    ledger: createMinutesLedger(documentClient, config.TABLE_NAME),
    transcripts: createTranscripts(documentClient, config.TABLE_NAME),
    speeds: createStageSpeedRecord(documentClient, config.TABLE_NAME),
    clock: Date.now,
    artefacts,
    media: createMediaTools(artefacts),
    recordingFacts: createRecordingFacts(documentClient, config.TABLE_NAME),
    log: logger,
    recordings: createRecordingStorage(s3Client, config.MEDIA_BUCKET),
  };
}

export type PipelineContext = ReturnType<typeof pipelineContext>;

/** ProbeMedia's ports: the context with the host's minutes balance (wiring/minutes.ts). */
export function probeRecordingPorts(ctx: PipelineContext): ProbeRecordingPorts {
  return { ...ctx, minutes: minutesBalanceFromConfig(documentClient, ctx.config.TABLE_NAME) };
}

/** ExtractAudio's and BuildTranscript's ports are the context's own. */
export const prepareAudioPorts = (ctx: PipelineContext): PrepareAudioPorts => ctx;
export const buildTranscriptPorts = (ctx: PipelineContext): BuildTranscriptPorts => ctx;

/** ExtractFrames' ports: the media bucket only (the frames task has no table). */
export function storeFramesPorts(): StoreFramesPorts {
  const artefacts = createMediaBucket(readConfig(['MEDIA_BUCKET']).MEDIA_BUCKET);
  return { artefacts, media: createMediaTools(artefacts) };
}

export type { AudioResult, MediaResult, PipelineRun, PipelineState, TranscriptResult } from '../core/pipeline/run-state.js';
