/**
 * Import of one provider recording into a meeting of the connected user (issue #15 §4): the meeting is named
 * after the topic with the recording's start and end, the chosen file is streamed into the media bucket under
 * uploads/{meetingId}/ (whose object-created event starts the normal pipeline, which charges the minutes),
 * and everything is keyed on the provider's recording id, so a redelivered webhook, a backfill overlap, a retry
 * or a resumed run after a crash finds the same import and never creates a second meeting.
 */
import { createHash } from 'node:crypto';
import type { AttendeeRecord, MeetingRecord } from '../meetings/model.js';
import { uploadKeys } from '../pipeline/artefact-keys.js';
import { queuedState } from '../pipeline/processing-status.js';
import type { SpeakerCues } from '../speakers/cues.js';
import { gatherSpeakerCues } from '../speakers/gather-cues.js';
import type { SpeechStretch } from '../speakers/speech-activity.js';
import { chooseRecordingFile, importFileName, RecordingTooLarge, type ProviderRecording, type RecordingFile } from './recordings.js';
import { SERVICES, type ServiceId } from './services.js';

export { RecordingTooLarge };

/** Largest recording we import: Amazon Transcribe's own limit for one media file (as for uploads). */
export const MAX_IMPORT_BYTES = 2 * 1024 ** 3;

export type ImportStatus = 'importing' | 'imported' | 'failed';

export interface ImportRecord {
  readonly service: ServiceId;
  readonly recordingId: string;
  readonly userId: string;
  readonly meetingId: string;
  readonly status: ImportStatus;
  readonly reason?: string;
  readonly updatedAt: string;
}

export interface ImportRecords {
  find(service: ServiceId, recordingId: string): Promise<ImportRecord | undefined>;
  /** Creates the record unless one exists; returns the stored one either way. */
  claim(record: ImportRecord): Promise<ImportRecord>;
  finish(service: ServiceId, recordingId: string, status: Exclude<ImportStatus, 'importing'>, reason?: string): Promise<void>;
  listForUser(userId: string, service: ServiceId): Promise<ImportRecord[]>;
  remove(service: ServiceId, recordingId: string, userId: string): Promise<void>;
}


/** The provider's side of an import: metadata (with fresh download links) and the file's bytes. */
export interface RecordingSource {
  recording(userId: string, recordingId: string, hint?: ProviderRecording): Promise<ProviderRecording>;
  open(userId: string, file: RecordingFile): Promise<AsyncIterable<Uint8Array>>;
  /** E-mails of the meeting's participants (Webex auto-share). */
  participants?(userId: string, recordingId: string): Promise<string[]>;
}

export interface ImportStorage {
  /** Whether an uploaded recording of this meeting is already stored (a resumed import skips the download). */
  hasUpload(meetingId: string): Promise<boolean>;
  /** Multipart upload of the stream to `key`, one part in memory at a time; throws RecordingTooLarge past maxBytes. */
  streamUpload(key: string, body: AsyncIterable<Uint8Array>, contentType: string, maxBytes: number): Promise<{ size: number }>;
}

export interface ImportMeetings {
  find(meetingId: string): Promise<{ meeting: MeetingRecord } | undefined>;
  /** Creates the meeting with its host; false when it exists already. */
  createIfAbsent(meeting: MeetingRecord, host: AttendeeRecord): Promise<boolean>;
  markRecordingAvailable(meetingId: string): Promise<void>;
  /** Shows the meeting as queued while its recording is fetched (the list keeps refreshing until it is processed). */
  markImporting(meetingId: string): Promise<void>;
  /** Shows a failed import on the meeting (processing status failed with the reason). */
  markFailed(meetingId: string, reason: string): Promise<void>;
}

export interface ImportDeps {
  readonly imports: ImportRecords;
  readonly meetings: ImportMeetings;
  readonly storage: ImportStorage;
  readonly source: (service: ServiceId) => RecordingSource;
  readonly users: { find(userId: string): Promise<{ email: string; name: string } | undefined> };
  readonly minutesLeft: (userId: string) => Promise<number>;
  readonly share?: (meetingId: string, hostUserId: string, emails: string[]) => Promise<void>;
  readonly autoShare?: (userId: string, service: ServiceId) => Promise<boolean>;
  readonly clock: () => number;
  readonly newId: () => string;
  readonly maxBytes?: number;
  /** Names from the service (issue 30): the cues are stored before the upload, so the transcript build finds them. */
  readonly speakerCues?: {
    trackSpeech(userId: string, service: ServiceId, file: RecordingFile): Promise<SpeechStretch[]>;
    save(meetingId: string, cues: SpeakerCues): Promise<void>;
  };
  readonly warn?: (message: string, extra?: Record<string, unknown>) => void;
}

export interface ImportRequest {
  readonly service: ServiceId;
  readonly userId: string;
  readonly recordingId: string;
  readonly hint?: ProviderRecording;
}

export type ImportOutcome =
  | { readonly outcome: 'imported' | 'duplicate'; readonly meetingId: string }
  | { readonly outcome: 'failed'; readonly meetingId: string; readonly reason: string }
  | { readonly outcome: 'user_gone' };

export const IMPORT_MESSAGES = {
  noMedia: (title: string) => `The ${title} recording has no video or audio file that can be imported.`,
  tooLarge: (title: string, maxBytes: number) => `The ${title} recording is larger than ${sizeText(maxBytes)} and cannot be imported.`,
  minutesUsedUp: 'You have used up your minutes for the month.',
  downloadDisabled: (title: string) => `The host disabled downloading of this ${title} recording, so it cannot be imported.`,
} as const;

function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  return `${bytes} bytes`;
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Best effort: a service file that cannot be read leaves the speakers unnamed, never fails the import. */
async function saveSpeakerCues(deps: ImportDeps, request: ImportRequest, meetingId: string, recording: ProviderRecording): Promise<void> {
  const port = deps.speakerCues;
  if (!port || !recording.speakerFiles) return;
  const { service, userId } = request;
  try {
    const cues = await gatherSpeakerCues(recording, {
      read: async (file) => collect(await deps.source(service).open(userId, file)),
      trackSpeech: (file) => port.trackSpeech(userId, service, file),
    });
    if (cues) await port.save(meetingId, cues);
  } catch (error) {
    deps.warn?.('speaker names from the meeting service could not be read', { meetingId, service, error: String(error) });
  }
}

/** The meeting id of an import: derived from service and recording id, so every path to it names the same meeting. */
export function importMeetingId(service: ServiceId, recordingId: string): string {
  return `${service}-${createHash('sha256').update(`${service}:${recordingId}`).digest('hex').slice(0, 40)}`;
}

/** Execution name of an import run (Step Functions names are unique, so a second start is a no-op). */
export function importExecutionName(service: ServiceId, recordingId: string): string {
  return `import-${importMeetingId(service, recordingId)}`;
}

export async function importRecording(deps: ImportDeps, request: ImportRequest): Promise<ImportOutcome> {
  const { service, userId, recordingId } = request;
  const title = SERVICES[service].title;
  const existing = await deps.imports.find(service, recordingId);
  if (existing && existing.status !== 'importing') return { outcome: 'duplicate', meetingId: existing.meetingId };
  const user = await deps.users.find(userId);
  if (!user) return { outcome: 'user_gone' };

  const recording = await deps.source(service).recording(userId, recordingId, request.hint);
  const meetingId = existing?.meetingId ?? importMeetingId(service, recordingId);
  const now = new Date(deps.clock()).toISOString();
  const start = Date.parse(recording.startTime);
  const startTime = Number.isFinite(start) ? new Date(start).toISOString() : now;
  const endTime = new Date(Date.parse(startTime) + Math.max(0, recording.durationSeconds) * 1000).toISOString();
  await deps.meetings.createIfAbsent(
    // Born queued: the meetings list keeps refreshing from the moment the meeting exists until it is processed
    // (created without a state, a list read before markImporting below stopped refreshing for good).
    {
      id: meetingId, name: recording.topic.trim() || `${title} meeting`, startTime, endTime, recordingAvailable: false, boardsShared: 0,
      createdAt: now, hostUserId: userId, processing: queuedState('', '', now),
    },
    { id: deps.newId(), email: user.email.toLowerCase(), name: user.name || user.email.split('@')[0], role: 'host' },
  );
  const claimed = await deps.imports.claim({ service, recordingId, userId, meetingId, status: 'importing', updatedAt: now });
  if (claimed.status !== 'importing') return { outcome: 'duplicate', meetingId: claimed.meetingId };

  const fail = async (reason: string): Promise<ImportOutcome> => {
    await deps.meetings.markFailed(meetingId, reason);
    await deps.imports.finish(service, recordingId, 'failed', reason);
    return { outcome: 'failed', meetingId, reason };
  };

  if (!(await deps.storage.hasUpload(meetingId))) {
    if ((await deps.minutesLeft(userId)) < 0) return fail(IMPORT_MESSAGES.minutesUsedUp);
    if (recording.downloadDisabled) return fail(IMPORT_MESSAGES.downloadDisabled(title));
    const file = chooseRecordingFile(recording.files);
    if (!file) return fail(IMPORT_MESSAGES.noMedia(title));
    const maxBytes = deps.maxBytes ?? MAX_IMPORT_BYTES;
    if ((file.sizeBytes ?? 0) > maxBytes) return fail(IMPORT_MESSAGES.tooLarge(title, maxBytes));
    const name = importFileName(file);
    await deps.meetings.markImporting(meetingId);
    await saveSpeakerCues(deps, request, meetingId, recording);
    try {
      const body = await deps.source(service).open(userId, file);
      await deps.storage.streamUpload(uploadKeys.key(meetingId, name), body, name.endsWith('.m4a') ? 'audio/mp4' : 'video/mp4', maxBytes);
    } catch (error) {
      if (error instanceof RecordingTooLarge) return fail(IMPORT_MESSAGES.tooLarge(title, maxBytes));
      throw error;
    }
  }
  await deps.meetings.markRecordingAvailable(meetingId);
  if (deps.share && deps.autoShare && deps.source(service).participants && (await deps.autoShare(userId, service))) {
    const emails = (await deps.source(service).participants!(userId, recordingId))
      .map((e) => e.toLowerCase()).filter((e) => e !== user.email.toLowerCase());
    if (emails.length > 0) await deps.share(meetingId, userId, emails);
  }
  await deps.imports.finish(service, recordingId, 'imported');
  return { outcome: 'imported', meetingId };
}
