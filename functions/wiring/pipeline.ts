import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createMinutesLedger } from '../adapters/dynamodb/minutes-ledger-repository.js';
import { createProcessingStates } from '../adapters/dynamodb/processing-state-repository.js';
import { createRunClaims } from '../adapters/dynamodb/run-claims-repository.js';
import { createStageSpeedRecord } from '../adapters/dynamodb/stage-speeds-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../adapters/storage/s3-recordings.js';
import { readConfig } from '../config.js';
import type { LevellingDecision } from '../core/pipeline/levelling.js';

/** Adapters shared by the pipeline's task handlers, created once per container. */
export function pipelineContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  return {
    config,
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    claims: createRunClaims(documentClient, config.TABLE_NAME),
    states: createProcessingStates(documentClient, config.TABLE_NAME),
    ledger: createMinutesLedger(documentClient, config.TABLE_NAME),
    transcripts: createTranscripts(documentClient, config.TABLE_NAME),
    speeds: createStageSpeedRecord(documentClient, config.TABLE_NAME),
    clock: Date.now,
    artefacts: createMediaBucket(config.MEDIA_BUCKET),
    recordings: createRecordingStorage(s3Client, config.MEDIA_BUCKET),
  };
}

export { MEDIA_LINK_SECONDS } from '../pipeline/shared/tool-time.js';

/** The run StartProcessing claims; every later state receives it as `$`. */
export interface PipelineRun {
  readonly outcome: 'claimed' | 'already_processing' | 'meeting_not_found' | 'waiting_for_minutes';
  /** Hourly checks made so far while the host's minutes were used up (docs/billing.md). */
  readonly waits?: number;
  readonly meetingId: string;
  readonly bucket: string;
  readonly key: string;
  readonly etag: string;
  readonly size: number;
  readonly executionId: string;
  readonly attempt: number;
}

export interface MediaResult {
  readonly durationSeconds: number;
  readonly hasVideo: boolean;
  readonly tooShort: boolean;
  readonly minutesCharged: number;
}

export interface AudioResult {
  readonly bucket: string;
  readonly key: string;
  readonly mediaUri: string;
  readonly jobName: string;
  readonly outputKey: string;
  /** How the audio was levelled before transcription (core/pipeline/levelling.ts); absent in runs started before it was kept. */
  readonly level?: LevellingDecision;
}

export interface TranscriptResult {
  readonly jsonKey: string;
  readonly textKey: string;
  readonly turns: number;
  readonly speakers: number;
  readonly speechSeconds: number;
}

/** The state object after each step adds its result (ResultPath). */
export type PipelineState = PipelineRun & {
  readonly media?: MediaResult;
  readonly audio?: AudioResult;
  readonly artefacts?: { readonly transcript?: TranscriptResult };
  readonly error?: { readonly Error?: string; readonly Cause?: string };
};
