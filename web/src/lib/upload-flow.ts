/**
 * The six-step upload of spec §4: read the duration, create the placeholder meeting, get the upload
 * target, upload with progress, give the meeting its real name and times, request indexing.
 * The live room (features/room) saves its recording with the last four steps (finishUpload).
 */
import { meetingNameFromFile, UPLOAD_PLACEHOLDER_NAME, type IndexRequestAnswer, type MeetingView, type UploadContentType,
  type UploadUrl } from '@contracts/meetings.js';
import { TRANSCRIPT_IMPORT_EXTENSIONS, TRANSCRIPT_IMPORT_MAX_BYTES, TRANSCRIPT_IMPORT_MESSAGES } from '@contracts/transcripts.js';
import type { MeetingChanges } from '../api/meetings/update-meeting.js';

/** The calls the flow makes; the application passes the real API functions, tests pass their own. */
export interface UploadPorts {
  readDuration(file: File): Promise<number>;
  createMeeting(name: string): Promise<MeetingView>;
  /** `fileName` travels with the upload, so a meeting whose tab closes before step 5 is still named after its file. */
  getUploadUrl(meetingId: string, contentType: UploadContentType, fileName?: string): Promise<UploadUrl>;
  uploadRecording(target: UploadUrl, file: Blob, onProgress: (percent: number) => void): Promise<void>;
  updateMeeting(meetingId: string, changes: MeetingChanges): Promise<MeetingView>;
  /** The room passes one that logs a failure instead of throwing (the upload event starts indexing anyway). */
  requestIndexing(meetingId: string): Promise<IndexRequestAnswer | void>;
}

/**
 * The meeting name for an uploaded file: its name without the .mp4 or .m4a extension; a name over
 * MEETING_NAME_MAX characters is shortened and ends in an ellipsis, so the cut shows.
 */
export const meetingNameFor = meetingNameFromFile;

/** The content type to ask the upload target for: .m4a is audio/mp4, everything else video/mp4. */
export function contentTypeFor(fileName: string): UploadContentType {
  return /\.m4a$/i.test(fileName) ? 'audio/mp4' : 'video/mp4';
}

/** Step 5's changes: real name, recording flag, start = last-modified time, end = start + duration. */
export function completedMeetingChanges(file: File, durationSeconds: number): MeetingChanges {
  const start = file.lastModified;
  return {
    name: meetingNameFor(file.name),
    recording_available: true,
    start_time: new Date(start).toISOString(),
    end_time: new Date(start + Math.round(durationSeconds * 1000)).toISOString(),
  };
}

/**
 * Runs the six steps in order and resolves to the meeting id. Rethrows the first failure as is
 * (InvalidVideo from step 1, ApiError from the calls); the placeholder meeting stays named as failed.
 */
export async function runUpload(file: File, ports: UploadPorts, onProgress: (percent: number) => void): Promise<string> {
  const duration = await ports.readDuration(file);
  const meeting = await ports.createMeeting(UPLOAD_PLACEHOLDER_NAME);
  await finishUpload(meeting.id, file, contentTypeFor(file.name), completedMeetingChanges(file, duration), ports, onProgress);
  return meeting.id;
}

export type FinishUploadPorts = Pick<UploadPorts, 'getUploadUrl' | 'uploadRecording' | 'updateMeeting' | 'requestIndexing'>;

/**
 * Steps 3 to 6 for a meeting that exists: get the upload target, upload with progress, apply `changes`
 * (recording flag, times, name), request indexing. Rethrows the first failure as is.
 */
export async function finishUpload(
  meetingId: string, recording: Blob, contentType: UploadContentType, changes: MeetingChanges,
  ports: FinishUploadPorts, onProgress: (percent: number) => void,
): Promise<void> {
  const target = await ports.getUploadUrl(meetingId, contentType, recording instanceof File ? recording.name : undefined);
  await ports.uploadRecording(target, recording, onProgress);
  await ports.updateMeeting(meetingId, changes);
  await ports.requestIndexing(meetingId);
}

/** Transcript files the Upload control also takes (.vtt, .srt, .txt, .json): imported instead of uploaded (issue 27). */
export function isTranscriptFile(fileName: string): boolean {
  return TRANSCRIPT_IMPORT_EXTENSIONS.some((extension) => fileName.toLowerCase().endsWith(extension));
}

/** Thrown before anything is sent for a transcript file over the import's limit. */
export class TranscriptTooLarge extends Error {
  readonly name = 'TranscriptTooLarge';
  constructor() {
    super(TRANSCRIPT_IMPORT_MESSAGES.tooLarge);
  }
}

/** The calls of a transcript import; the application passes the real API functions, tests pass their own. */
export interface TranscriptImportPorts {
  createMeeting(name: string): Promise<MeetingView>;
  importTranscript(meetingId: string, file: File, onProgress: (percent: number) => void): Promise<unknown>;
  deleteMeeting(meetingId: string): Promise<void>;
}

/** The meeting name for an imported transcript: the file name without its extension (shortened as for recordings). */
export function transcriptMeetingName(fileName: string): string {
  return meetingNameFor(fileName.replace(/\.(vtt|srt|txt|json)$/i, '').trim() || fileName);
}

/**
 * A transcript import: a size check before anything is sent, a meeting named after the file, then the file with progress.
 * A refused file takes its new meeting away again (nothing half-imported shows in the list). Resolves to the meeting id;
 * rethrows TranscriptTooLarge or the ApiError of the call.
 */
export async function runTranscriptImport(file: File, ports: TranscriptImportPorts, onProgress: (percent: number) => void): Promise<string> {
  if (file.size > TRANSCRIPT_IMPORT_MAX_BYTES) throw new TranscriptTooLarge();
  const meeting = await ports.createMeeting(transcriptMeetingName(file.name));
  try {
    await ports.importTranscript(meeting.id, file, onProgress);
  } catch (error) {
    await ports.deleteMeeting(meeting.id).catch(() => undefined);
    throw error;
  }
  return meeting.id;
}
