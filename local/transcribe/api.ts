import { progressTagValue, TRANSCRIPTION_PROGRESS_TAG } from '../../functions/core/pipeline/transcription-progress.js';
import { TranscribeError } from './errors.js';
import type { JobProgress, JobRecord, JobStatus, JobStore } from './store.js';
import { parseMediaUri } from './uri.js';

const NAME_PATTERN = /^[0-9a-zA-Z._-]{1,200}$/;
const STATUSES: readonly JobStatus[] = ['QUEUED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'];

export interface ApiContext {
  store: JobStore;
  /** Called once a new job is saved as QUEUED. */
  enqueue(name: string): void;
  /** Public URI of a job's transcript when it was kept by this service (no OutputBucketName). */
  serviceTranscriptUri(name: string): string;
  /** Called after a job's record is deleted. */
  deleted(name: string): Promise<void>;
}

type Body = Record<string, unknown>;

/** Dispatches one `Transcribe.<Op>` call. Throws TranscribeError for client errors. */
export async function handleOperation(context: ApiContext, operation: string, body: Body): Promise<unknown> {
  switch (operation) {
    case 'StartTranscriptionJob': return startJob(context, body);
    case 'GetTranscriptionJob': return { TranscriptionJob: toApiJob(requireJob(context, body)) };
    case 'ListTranscriptionJobs': return listJobs(context, body);
    case 'DeleteTranscriptionJob': {
      const job = requireJob(context, body);
      await context.store.delete(job.name);
      await context.deleted(job.name);
      return {};
    }
    default:
      throw new TranscribeError('UnknownOperationException', `The local Transcribe service does not implement ${operation}`);
  }
}

async function startJob(context: ApiContext, body: Body): Promise<unknown> {
  const name = body.TranscriptionJobName;
  if (typeof name !== 'string' || !NAME_PATTERN.test(name)) {
    throw new TranscribeError('BadRequestException', 'TranscriptionJobName must be 1-200 characters of letters, digits, ".", "_" or "-"');
  }
  const media = body.Media as Body | undefined;
  const uri = media?.MediaFileUri;
  if (typeof uri !== 'string' || uri === '') throw new TranscribeError('BadRequestException', 'Media.MediaFileUri is required');
  parseMediaUri(uri);
  const languageCode = body.LanguageCode;
  if (typeof languageCode !== 'string' || languageCode === '') {
    throw new TranscribeError('BadRequestException', 'LanguageCode is required (the local service does not identify languages)');
  }
  if (!/^en-/.test(languageCode)) throw new TranscribeError('BadRequestException',
    `The local engines only transcribe English; ${languageCode} is not supported`);
  const settings = (body.Settings as Body | undefined) ?? {};
  const showSpeakerLabels = settings.ShowSpeakerLabels === true;
  const max = settings.MaxSpeakerLabels;
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 2 || max > 30)) {
    throw new TranscribeError('BadRequestException', 'Settings.MaxSpeakerLabels must be an integer from 2 to 30');
  }
  if (max !== undefined && !showSpeakerLabels) throw new TranscribeError('BadRequestException', 'Settings.MaxSpeakerLabels needs Settings.ShowSpeakerLabels');
  if (showSpeakerLabels && max === undefined) throw new TranscribeError('BadRequestException', 'Settings.ShowSpeakerLabels needs Settings.MaxSpeakerLabels');
  const outputBucket = optionalString(body, 'OutputBucketName');
  const outputKey = optionalString(body, 'OutputKey');
  if (outputKey && !outputBucket) throw new TranscribeError('BadRequestException', 'OutputKey needs OutputBucketName');
  if (context.store.get(name)) throw new TranscribeError('ConflictException', 'The requested job name already exists. Use a different job name.');
  const record: JobRecord = {
    name, status: 'QUEUED', languageCode, mediaFormat: optionalString(body, 'MediaFormat'), mediaUri: uri,
    outputBucket, outputKey, showSpeakerLabels, maxSpeakerLabels: max as number | undefined, creationTime: Date.now(),
  };
  await context.store.save(record);
  context.enqueue(name);
  return { TranscriptionJob: toApiJob(record) };
}

function listJobs(context: ApiContext, body: Body): unknown {
  const status = body.Status;
  if (status !== undefined && !STATUSES.includes(status as JobStatus)) throw new TranscribeError('BadRequestException',
    `Status must be one of ${STATUSES.join(', ')}`);
  const contains = typeof body.JobNameContains === 'string' ? body.JobNameContains.toLowerCase() : undefined;
  const max = typeof body.MaxResults === 'number' ? Math.max(1, Math.min(100, body.MaxResults)) : 100;
  const offset = typeof body.NextToken === 'string' ? Number.parseInt(Buffer.from(body.NextToken, 'base64url').toString('utf8'), 10) || 0 : 0;
  const jobs = context.store.all()
    .filter((j) => (!status || j.status === status) && (!contains || j.name.toLowerCase().includes(contains)))
    .sort((a, b) => b.creationTime - a.creationTime || a.name.localeCompare(b.name));
  const page = jobs.slice(offset, offset + max);
  const next = offset + max < jobs.length ? Buffer.from(String(offset + max)).toString('base64url') : undefined;
  return {
    ...(status ? { Status: status } : {}),
    ...(next ? { NextToken: next } : {}),
    TranscriptionJobSummaries: page.map((j) => ({
      TranscriptionJobName: j.name,
      CreationTime: seconds(j.creationTime),
      StartTime: seconds(j.startTime),
      CompletionTime: seconds(j.completionTime),
      LanguageCode: j.languageCode,
      TranscriptionJobStatus: j.status,
      FailureReason: j.failureReason,
      OutputLocationType: j.outputBucket ? 'CUSTOMER_BUCKET' : 'SERVICE_BUCKET',
    })),
  };
}

/** The API's view of a job record (timestamps as epoch seconds, as JSON 1.1 sends them). */
export function toApiJob(job: JobRecord): Record<string, unknown> {
  return {
    TranscriptionJobName: job.name,
    TranscriptionJobStatus: job.status,
    LanguageCode: job.languageCode,
    ...(job.mediaFormat ? { MediaFormat: job.mediaFormat } : {}),
    Media: { MediaFileUri: job.mediaUri },
    ...(job.transcriptUri ? { Transcript: { TranscriptFileUri: job.transcriptUri } } : {}),
    CreationTime: seconds(job.creationTime),
    ...(job.startTime ? { StartTime: seconds(job.startTime) } : {}),
    ...(job.completionTime ? { CompletionTime: seconds(job.completionTime) } : {}),
    ...(job.failureReason ? { FailureReason: job.failureReason } : {}),
    Settings: job.showSpeakerLabels ? { ShowSpeakerLabels: true, MaxSpeakerLabels: job.maxSpeakerLabels } : { ShowSpeakerLabels: false },
    ...(job.status === 'IN_PROGRESS' && job.progress ? { Tags: [progressTag(job.progress)] } : {}),
  };
}

/**
 * A running job's progress as a tag (ours: Amazon Transcribe reports none, and the SDK keeps only the fields it knows, so
 * a tag is what reaches the state machine; the format is core/pipeline/transcription-progress.ts', docs/pipeline.md).
 */
export function progressTag(progress: JobProgress): { Key: string; Value: string } {
  return {
    Key: TRANSCRIPTION_PROGRESS_TAG,
    Value: progressTagValue({
      done: progress.done, total: progress.total, startedAtMs: progress.startTime, atMs: progress.updateTime, startDone: progress.startDone,
    }),
  };
}

function requireJob(context: ApiContext, body: Body): JobRecord {
  const name = body.TranscriptionJobName;
  if (typeof name !== 'string' || name === '') throw new TranscribeError('BadRequestException', 'TranscriptionJobName is required');
  const job = context.store.get(name);
  if (!job) throw new TranscribeError('NotFoundException', "The requested job couldn't be found. Check the job name and try your request again.");
  return job;
}

function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new TranscribeError('BadRequestException', `${field} must be a string`);
  return value || undefined;
}

function seconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : ms / 1000;
}
