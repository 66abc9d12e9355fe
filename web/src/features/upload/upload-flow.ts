/**
 * The six-step upload of spec §4: read the duration, create the placeholder meeting, get the upload
 * target, upload with progress, give the meeting its real name and times, request indexing.
 */
import { MEETING_NAME_MAX, type IndexRequestAnswer, type MeetingView, type UploadContentType, type UploadUrl } from '@contracts/meetings.js';
import type { MeetingChanges } from '../../api/meetings/update-meeting.js';
import { PLACEHOLDER_MEETING_NAME } from './upload-messages.js';

/** The calls the flow makes; the application passes the real API functions, tests pass their own. */
export interface UploadPorts {
  readDuration(file: File): Promise<number>;
  createMeeting(name: string): Promise<MeetingView>;
  getUploadUrl(meetingId: string, contentType: UploadContentType): Promise<UploadUrl>;
  uploadRecording(target: UploadUrl, file: Blob, onProgress: (percent: number) => void): Promise<void>;
  updateMeeting(meetingId: string, changes: MeetingChanges): Promise<MeetingView>;
  requestIndexing(meetingId: string): Promise<IndexRequestAnswer>;
}

/**
 * The meeting name for an uploaded file: its name without the .mp4 or .m4a extension; a name over
 * MEETING_NAME_MAX characters is shortened and ends in an ellipsis, so the cut shows.
 */
export function meetingNameFor(fileName: string): string {
  const stripped = fileName.replace(/\.(mp4|m4a)$/i, '').trim();
  const name = stripped === '' ? fileName : stripped;
  return name.length > MEETING_NAME_MAX ? `${name.slice(0, MEETING_NAME_MAX - 1).trimEnd()}…` : name;
}

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
  const meeting = await ports.createMeeting(PLACEHOLDER_MEETING_NAME);
  const target = await ports.getUploadUrl(meeting.id, contentTypeFor(file.name));
  await ports.uploadRecording(target, file, onProgress);
  await ports.updateMeeting(meeting.id, completedMeetingChanges(file, duration));
  await ports.requestIndexing(meeting.id);
  return meeting.id;
}
