/**
 * Seeds the two sample meetings (spec §6) into a running local edition: the meeting records through the
 * meetings repository, and a recording made from each script put into the media bucket at the upload
 * key, so the bucket's object-created event starts the real processing state machine. Every step checks
 * what exists first, so a restart repeats nothing and a start after a crash finishes what is missing.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createMeetingsRepository } from '../../functions/adapters/dynamodb/meetings-repository.js';
import { createPassageIndex } from '../../functions/adapters/passage-index/index.js';
import { createSearchIndex } from '../../functions/adapters/search-index/index.js';
import { createRecordingStorage } from '../../functions/adapters/storage/s3-recordings.js';
import { createProcessingStarter } from '../../functions/adapters/workflows/sfn-processing.js';
import { readConfig, readSearchIndexConfig } from '../../functions/config.js';
import { UPLOAD_TYPES } from '../../functions/contracts/meetings.js';
import type { AttendeeRecord, MeetingRecord } from '../../functions/core/meetings/model.js';
import { executionNameFor } from '../../functions/core/meetings/recording.js';
import { uploadKeyFor } from '../../functions/core/pipeline/upload-trigger.js';
import { withSearchIndexSync } from '../../functions/core/search/index-sync.js';
import { buildSampleRecording, findMediaTools, type MediaTools } from './recording.js';
import { SAMPLE_MEETINGS, type SampleMeeting } from './scripts.js';

/**
 * The built-in host of the sample meetings. No user record has this id, so nobody signs in as it; the
 * address is in the reserved .invalid domain. Its minutes ledger (USER#meetscribe-samples) takes the
 * pipeline's charge like any host's: the pipeline charges, it never refuses.
 */
export const SAMPLE_HOST = { userId: 'meetscribe-samples', email: 'samples@meetscribe.invalid', name: 'MeetScribe' } as const;

const CONTENT_TYPE = 'video/mp4';

/** What one seeding pass did, per sample meeting. */
export interface SeedOutcome { readonly created: string[]; readonly uploaded: string[]; readonly reprocessed: string[] }

/**
 * Makes sure both sample meetings exist, have a recording, and were processed (or are being): creates
 * missing records, records and uploads missing recordings (the upload starts processing), and restarts
 * processing of a recording that was never processed or whose processing failed. Needs the local
 * edition's environment (table, bucket, state machine, search index). Throws MissingMediaTool when a
 * recording must be made and ffmpeg, espeak-ng or a font is missing; throws AbortError when `signal` aborts.
 */
export async function seedSampleMeetings(signal?: AbortSignal, env: NodeJS.ProcessEnv = process.env): Promise<SeedOutcome> {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PROCESS_MEETING_STATE_MACHINE_ARN'], env);
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
  const s3 = new S3Client({});
  const meetings = withSearchIndexSync(createMeetingsRepository(documents, config.TABLE_NAME), createSearchIndex(readSearchIndexConfig(env)),
    createPassageIndex(readSearchIndexConfig(env)), console);
  const storage = createRecordingStorage(s3, config.MEDIA_BUCKET);
  const processing = createProcessingStarter(new SFNClient({}), config.PROCESS_MEETING_STATE_MACHINE_ARN);
  const outcome: SeedOutcome = { created: [], uploaded: [], reprocessed: [] };
  let tools: MediaTools | undefined;
  const now = Date.now();

  for (const [index, sample] of SAMPLE_MEETINGS.entries()) {
    signal?.throwIfAborted();
    const upload = await storage.latestUpload(sample.id);
    // Tools first: without them no record is created, so no sample is listed without a recording.
    if (!upload) tools ??= await findMediaTools(env);
    let aggregate = await meetings.find(sample.id);
    if (!aggregate) {
      // Listed newest first: the first sample is the newest.
      const { meeting, host } = sampleRecords(sample, new Date(now - index * 1000).toISOString());
      await meetings.create(meeting, host);
      outcome.created.push(sample.id);
      aggregate = { meeting, attendees: [host] };
    }
    if (!upload) {
      const body = await recordOnce(sample, tools ?? await findMediaTools(env), signal);
      signal?.throwIfAborted();
      await s3.send(new PutObjectCommand({
        Bucket: config.MEDIA_BUCKET, Key: uploadKeyFor(sample.id, UPLOAD_TYPES[CONTENT_TYPE]), Body: body, ContentType: CONTENT_TYPE,
      }));
      outcome.uploaded.push(sample.id);
    } else if (!aggregate.meeting.processing || aggregate.meeting.processing.status === 'failed') {
      // The upload's event was lost (a crash between the put and the trigger) or the run failed: run again.
      // The pipeline's claim on the upload keeps this from processing twice alongside a resumed execution.
      await processing.start(executionNameFor(sample.id, `${upload.etag}-${Date.now()}`), { meetingId: sample.id, key: upload.key, size: upload.size });
      outcome.reprocessed.push(sample.id);
    }
  }
  return outcome;
}

/** The meeting record and host attendee of a sample meeting, created at `createdAt`. */
export function sampleRecords(sample: SampleMeeting, createdAt: string): { meeting: MeetingRecord; host: AttendeeRecord } {
  return {
    meeting: {
      id: sample.id, name: sample.name, startTime: createdAt, endTime: null, recordingAvailable: false,
      boardsShared: 0, createdAt, hostUserId: SAMPLE_HOST.userId,
    },
    host: { id: `${sample.id}-host`, email: SAMPLE_HOST.email, name: SAMPLE_HOST.name, role: 'host' },
  };
}

async function recordOnce(sample: SampleMeeting, tools: MediaTools, signal?: AbortSignal): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-sample-'));
  try {
    const output = path.join(dir, 'recording.mp4');
    await buildSampleRecording(sample, tools, dir, output, signal);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
