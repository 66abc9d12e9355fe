import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createMinutesLedger } from '../adapters/dynamodb/minutes-ledger-repository.js';
import { createProcessingStates } from '../adapters/dynamodb/processing-state-repository.js';
import { createRunClaims } from '../adapters/dynamodb/run-claims-repository.js';
import { createStageSpeedRecord } from '../adapters/dynamodb/stage-speeds-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { logger } from '../adapters/logging/logger.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../adapters/storage/s3-recordings.js';
import { readConfig } from '../config.js';
import type { BuildTranscriptPorts } from '../core/pipeline/build-transcript.js';

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
    log: logger,
    recordings: createRecordingStorage(s3Client, config.MEDIA_BUCKET),
  };
}

export type PipelineContext = ReturnType<typeof pipelineContext>;

/** BuildTranscript's ports are the context's own. */
export const buildTranscriptPorts = (ctx: PipelineContext): BuildTranscriptPorts => ctx;

export type { AudioResult, MediaResult, PipelineRun, PipelineState, TranscriptResult } from '../core/pipeline/run-state.js';
