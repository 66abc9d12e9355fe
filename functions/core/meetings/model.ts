/**
 * The meeting domain: a meeting, its attendees (access is by e-mail: the host and everyone it was
 * shared with), and the ports the use cases need. Adapters implement the ports; tests use in-memory ones.
 */
import type { ProcessingState } from '../pipeline/processing-status.js';

export type AttendeeRole = 'host' | 'participant';

export interface MeetingRecord {
  readonly id: string;
  readonly name: string;
  /** ISO; when the meeting started (creation time until the upload flow sets the file's time). */
  readonly startTime: string | null;
  /** ISO; null while in session. */
  readonly endTime: string | null;
  readonly recordingAvailable: boolean;
  readonly boardsShared: number;
  /** ISO; orders the meetings list (newest first) and never changes. */
  readonly createdAt: string;
  readonly hostUserId: string;
  /** Written by the processing pipeline only (docs/pipeline.md); absent/null before the first upload is processed. */
  readonly processing?: ProcessingState | null;
  /** Set when the host opened the live room for it (the room records its own recording as video/webm). */
  readonly liveRoom?: boolean | null;
}

export interface AttendeeRecord {
  readonly id: string;
  /** Lower-cased; the key of access. */
  readonly email: string;
  readonly name: string;
  readonly role: AttendeeRole;
}

export interface MeetingAggregate { readonly meeting: MeetingRecord; readonly attendees: readonly AttendeeRecord[] }

/** One meeting a user can see, as the access index lists it (newest first). */
export interface AccessEntry { readonly meetingId: string; readonly createdAt: string }

export type MeetingChanges = Partial<Pick<MeetingRecord, 'name' | 'startTime' | 'endTime' | 'recordingAvailable'>>;

export interface MeetingsRepository {
  /** Stores a new meeting with its host attendee (one transaction). */
  create(meeting: MeetingRecord, host: AttendeeRecord): Promise<void>;
  /** The meeting with all its attendees, or undefined. */
  find(meetingId: string): Promise<MeetingAggregate | undefined>;
  /** Meeting records (no attendees) of the given ids that exist, any order. */
  findMeetings(meetingIds: readonly string[]): Promise<MeetingRecord[]>;
  /** The meetings of the given ids that exist, with their attendees, any order (a page of the meetings list). */
  findMany(meetingIds: readonly string[]): Promise<MeetingAggregate[]>;
  /** Meetings the e-mail has access to, newest first (a key query on the access index). */
  listAccess(email: string): Promise<AccessEntry[]>;
  /** Applies the changes; returns the updated meeting, or undefined when it no longer exists. */
  update(meetingId: string, changes: MeetingChanges): Promise<MeetingRecord | undefined>;
  /** Adds an attendee unless that e-mail already has access; false when it already had. */
  addAttendee(meeting: MeetingRecord, attendee: AttendeeRecord): Promise<boolean>;
  removeAttendee(meetingId: string, email: string): Promise<void>;
  /** Removes the meeting, its attendees and every other item stored under the meeting. */
  remove(meetingId: string): Promise<void>;
}

export interface StoredUpload { readonly key: string; readonly etag: string; readonly size: number }

export interface RecordingStorage {
  /** A presigned POST for one object under uploads/{meetingId}/ with the given type and size limits. */
  /** `fileName`, when known, is kept with the object (its metadata) so the pipeline can name a meeting the browser never named. */
  presignUpload(request: { key: string; contentType: string; maxBytes: number; expiresSeconds: number; fileName?: string }): Promise<{
    url: string; fields: Record<string, string> }>;
  /** The most recently uploaded object under uploads/{meetingId}/, or undefined. */
  latestUpload(meetingId: string): Promise<StoredUpload | undefined>;
  presignDownload(key: string, expiresSeconds: number): Promise<string>;
  /** A presigned GET link answered as an attachment named `fileName` (Content-Disposition), so a browser saves it and stays on the page. */
  presignAttachment(key: string, expiresSeconds: number, fileName: string): Promise<string>;
  /** Deletes every object of the meeting (uploads/{id}/ and artefacts/{id}/). */
  removeMeetingObjects(meetingId: string): Promise<void>;
}

export interface ProcessingStarter {
  /** Starts processing under a deterministic name; 'already_started' when that name was used before. */
  start(executionName: string, input: Record<string, unknown>): Promise<'started' | 'already_started'>;
}

export interface MinutesBalance { minutesLeft(userId: string): Promise<number> }
export interface UserDirectory { displayName(userId: string): Promise<string | undefined> }

/** The names of the accounts behind e-mail addresses (lower case); an address nobody signed up with is left out. */
export interface AccountNames { namesByEmail(emails: readonly string[]): Promise<ReadonlyMap<string, string>> }
export type { Clock, Mailer } from '../ports.js';
export type IdGenerator = () => string;
