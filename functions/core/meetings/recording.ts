import { recordingFileName } from './download-name.js';
import {
  MAX_UPLOAD_BYTES, MEETING_MESSAGES, RECORDING_URL_SECONDS, UPLOAD_TYPES, UPLOAD_URL_SECONDS,
  type IndexRequestAnswer, type RecordingUrl, type UploadContentType, type UploadUrl,
} from '../../contracts/meetings.js';
import { createHash } from 'node:crypto';
import { NotFound, ValidationFailed } from '../errors.js';
import { uploadKeyFor } from '../pipeline/upload-trigger.js';
import { loadForWrite, loadVisible, type Caller } from './access.js';
import { BadRequest, MinutesUsedUp } from './errors.js';
import type { Clock, MeetingsRepository, MinutesBalance, ProcessingStarter, RecordingStorage } from './model.js';

const isUploadType = (value: string): value is UploadContentType => Object.hasOwn(UPLOAD_TYPES, value);

/**
 * Picks the upload's content type: `content_type` when given, else from the extension of `file_name`
 * (.m4a → audio/mp4), else video/mp4. Throws ValidationFailed for anything but mp4/m4a.
 */
export function uploadContentType(query: { content_type?: string; file_name?: string }): UploadContentType {
  if (query.content_type) {
    if (isUploadType(query.content_type)) return query.content_type;
    throw new ValidationFailed({ content_type: [MEETING_MESSAGES.unsupportedType] });
  }
  const extension = query.file_name?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === undefined || extension === 'mp4') return 'video/mp4';
  if (extension === 'm4a') return 'audio/mp4';
  throw new ValidationFailed({ file_name: [MEETING_MESSAGES.unsupportedType] });
}

export interface UploadUrlPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly minutes: MinutesBalance;
  readonly storage: Pick<RecordingStorage, 'presignUpload'>;
}

/**
 * A presigned POST for the meeting's recording (host only, 15 min, 1 byte..2 GiB, one content type).
 * Throws NotFound, Forbidden, MinutesUsedUp (403, plain text) for an mp4/m4a upload when the caller's minutes are below 0.
 */
export async function createUploadUrl(
  ports: UploadUrlPorts, caller: Caller, meetingId: string, contentType: UploadContentType, fileName?: string,
): Promise<UploadUrl> {
  const { meeting } = await loadForWrite(ports.meetings, meetingId, caller);
  // Only the live room records webm; uploads from files are mp4/m4a (the side panel's accept list).
  if (contentType === 'video/webm' && meeting.liveRoom !== true) throw new ValidationFailed({ content_type: [MEETING_MESSAGES.unsupportedType] });
  // A live-room recording (webm) is kept even without minutes; the pipeline holds it until minutes are available.
  if (contentType !== 'video/webm' && (await ports.minutes.minutesLeft(caller.userId)) < 0) throw new MinutesUsedUp(MEETING_MESSAGES.minutesUsedUp);
  return ports.storage.presignUpload({
    key: uploadKeyFor(meetingId, UPLOAD_TYPES[contentType]), contentType, maxBytes: MAX_UPLOAD_BYTES, expiresSeconds: UPLOAD_URL_SECONDS,
    ...(fileName?.trim() ? { fileName: fileName.trim() } : {}),
  });
}

/**
 * Step Functions execution name: meeting id + upload ETag, so one upload is processed under one name. A retry of
 * an upload whose processing failed (or waited for minutes) adds `retryOf`, the stored state's time: one retry
 * per failure however often it is asked for, and a new one after the next failure.
 */
export function executionNameFor(meetingId: string, etag: string, retryOf?: string): string {
  const base = `${meetingId}-${etag}`.replace(/[^A-Za-z0-9_-]/g, '');
  if (retryOf === undefined) return base.slice(0, 80);
  return `${base.slice(0, 69)}-r${createHash('sha256').update(retryOf).digest('hex').slice(0, 8)}`;
}

/**
 * Starts processing of the latest upload when it needs it, and says what it did (host only). Throws NotFound,
 * Forbidden, BadRequest when nothing has been uploaded yet.
 * - `already_processed`: this upload is processed (ready); nothing is started.
 * - `already_started`: this upload is being processed, or this very request was made before; nothing new starts.
 * - `started`: an execution was started for an upload that is not processed yet, or again for one whose processing
 *   failed or waited for minutes (the run claim of a failed run is taken over, so it really runs again and the
 *   stored failure and its reason are replaced as it starts).
 */
export async function requestIndexing(
  ports: { meetings: Pick<MeetingsRepository, 'find'>; storage: Pick<RecordingStorage, 'latestUpload'>; processing: ProcessingStarter },
  caller: Caller, meetingId: string,
): Promise<IndexRequestAnswer> {
  const { meeting } = await loadForWrite(ports.meetings, meetingId, caller);
  const upload = await ports.storage.latestUpload(meetingId);
  if (!upload) throw new BadRequest(MEETING_MESSAGES.uploadFirst);
  const state = meeting.processing;
  const etag = upload.etag.replace(/"/g, '');
  let retryOf: string | undefined;
  if (state && state.uploadEtag === etag) {
    if (state.status === 'ready') return { status: 'already_processed' };
    const waiting = state.status === 'queued' && state.reason !== null;
    if (state.status !== 'failed' && !waiting) return { status: 'already_started' };
    retryOf = state.updatedAt;
  }
  const status = await ports.processing.start(executionNameFor(meetingId, upload.etag, retryOf), { meetingId, key: upload.key, size: upload.size });
  return { status };
}

/** A 1-hour download link to the meeting's recording. Throws NotFound when not visible or not recorded. */
export async function recordingUrl(
  ports: { meetings: Pick<MeetingsRepository, 'find'>; storage: Pick<RecordingStorage, 'latestUpload' | 'presignDownload' | 'presignAttachment'>;
    clock: Clock },
  caller: Caller, meetingId: string,
): Promise<RecordingUrl> {
  const { meeting } = await loadVisible(ports.meetings, meetingId, caller);
  const upload = await ports.storage.latestUpload(meetingId);
  if (!upload) throw new NotFound(MEETING_MESSAGES.noRecording);
  const videoUrl = await ports.storage.presignDownload(upload.key, RECORDING_URL_SECONDS);
  const fileName = recordingFileName(meeting.name, upload.key);
  return {
    name: meeting.name, video_url: videoUrl, expiration_time: new Date(ports.clock() + RECORDING_URL_SECONDS * 1000).toISOString(),
    download_url: await ports.storage.presignAttachment(upload.key, RECORDING_URL_SECONDS, fileName), file_name: fileName,
  };
}
