/**
 * The meeting's fields a processed recording fills in (docs/pipeline.md "Who writes the meeting's fields"): the
 * recording is available, an empty end time becomes start + length, and the browser's placeholder name becomes the
 * arrival name. The host's own values (PUT meetings/{id}/, manage-meetings.ts updateMeeting) always win: each fill
 * is conditional in the store, so a value the host sets meanwhile is kept.
 */
import { UPLOAD_PLACEHOLDER_NAME } from '../../contracts/meetings.js';
import { endTimeFrom } from '../pipeline/media-probe.js';
import { arrivedUploadName } from './download-name.js';
import type { MeetingRecord } from './model.js';

/** The conditional writes of the fill-in; each throws MeetingGone when the meeting no longer exists. */
export interface RecordingFactsStore {
  markRecordingAvailable(meetingId: string): Promise<void>;
  /** Sets the end time only while the meeting has none; false when it had one. */
  fillEndTime(meetingId: string, endTime: string): Promise<boolean>;
  /** Names a meeting that still has `placeholder` as its name; false when it has another name by now. */
  nameUnnamedUpload(meetingId: string, placeholder: string, name: string): Promise<boolean>;
}

/** Fills in what the recording of `meeting` (read by ProbeMedia, `durationSeconds` long) tells about it. */
export async function fillInFromRecording(store: RecordingFactsStore, meeting: MeetingRecord, durationSeconds: number,
  uploadedFileName: () => Promise<string | undefined> = async () => undefined): Promise<void> {
  await store.markRecordingAvailable(meeting.id);
  if (!meeting.endTime && meeting.startTime) await store.fillEndTime(meeting.id, endTimeFrom(meeting.startTime, durationSeconds));
  // The recording arrived but the browser closed before naming the meeting: a real name, so the row, the viewer
  // and the e-mails do not call a processed recording "Upload: Failed".
  if (meeting.name === UPLOAD_PLACEHOLDER_NAME) {
    await store.nameUnnamedUpload(meeting.id, UPLOAD_PLACEHOLDER_NAME, arrivedUploadName(meeting.createdAt, await uploadedFileName()));
  }
}
