import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../../adapters/dynamodb/processing-repository.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { s3Client } from '../../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../../adapters/storage/s3-recordings.js';
import { readConfig } from '../../config.js';

/** Adapters shared by the pipeline's task handlers, created once per container. */
export function pipelineContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  return {
    config,
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    processing: createProcessingRepository(documentClient, config.TABLE_NAME),
    artefacts: createMediaBucket(config.MEDIA_BUCKET),
    recordings: createRecordingStorage(s3Client, config.MEDIA_BUCKET),
  };
}

export { MEDIA_LINK_SECONDS } from './tool-time.js';

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
