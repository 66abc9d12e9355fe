/**
 * Request and response shapes of the meetings, name-search and survey calls (spec §3, §5, §7, §9).
 * Imported by the API handlers and by the SPA, so the two cannot drift.
 */
import { z } from 'zod';
import { strictNumber } from './numbers.js';
import type { ProcessingView } from './processing.js';

export const MEETINGS_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
export const MEETING_NAME_MAX = 200;
/** The name a meeting has from the start of its upload until the browser names it (two spaces, as the spec writes it). */
export const UPLOAD_PLACEHOLDER_NAME = 'Video  Upload: Failed';

/**
 * The meeting name for an uploaded file: its name without the .mp4 or .m4a extension; a name over
 * MEETING_NAME_MAX characters is shortened and ends in an ellipsis, so the cut shows. The SPA names the meeting so
 * after the upload; the pipeline does the same when the browser closed before it could (docs/pipeline.md).
 */
export function meetingNameFromFile(fileName: string): string {
  const stripped = fileName.replace(/\.(mp4|m4a)$/i, '').trim();
  const name = stripped === '' ? fileName.trim() : stripped;
  return name.length > MEETING_NAME_MAX ? `${name.slice(0, MEETING_NAME_MAX - 1).trimEnd()}…` : name;
}
export const SHARE_MESSAGE_MAX = 2000;
export const SHARE_ADDRESSES_MAX = 50;
export const SURVEY_NOTE_MAX = 400;
export const SURVEY_MAXIMUM_RATING = 10;
export const SEARCH_QUERY_MAX = 200;
/** Same number as MAX_UPLOAD_BYTES in lib/definitions/resources.ts (Amazon Transcribe's file limit). */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

/**
 * The link to one meeting in the SPA (spec §9: /home/meeting/{id}), for share mails, the notes-ready mail and the share
 * dialog: the one builder of it. `appUrl` is the SPA's origin; a trailing slash is dropped.
 */
export function meetingLink(appUrl: string, meetingId: string): string {
  return `${appUrl.replace(/\/+$/, '')}/home/meeting/${encodeURIComponent(meetingId)}`;
}
export const UPLOAD_URL_SECONDS = 15 * 60;
export const RECORDING_URL_SECONDS = 60 * 60;
/** Upload content types, each with the object name it is stored under in uploads/{meetingId}/. */
export const UPLOAD_TYPES = {
  'video/mp4': 'recording.mp4',
  'audio/mp4': 'recording.m4a',
  'audio/x-m4a': 'recording.m4a',
  // Live-room recordings (MediaRecorder); the pipeline's probe remuxes them, since they carry no duration.
  'video/webm': 'recording.webm',
} as const;
export type UploadContentType = keyof typeof UPLOAD_TYPES;

export const MEETING_MESSAGES = {
  required: 'This field is required.',
  nameEmpty: 'The meeting name may not be empty.',
  nameTooLong: `The meeting name may not be longer than ${MEETING_NAME_MAX} characters.`,
  endBeforeStart: 'The end time may not be before the start time.',
  noEmail: 'Please enter at least one email address.',
  invalidEmail: 'The email address you entered is invalid. Please double-check it. Remember to remove any extra spaces.',
  tooManyEmails: `You can share with at most ${SHARE_ADDRESSES_MAX} email addresses at a time.`,
  messageTooLong: 'You have reached the maximum character limit.',
  minutesUsedUp: 'You have used up your minutes for the month.',
  hostCannotBeRemoved: 'The host cannot be removed.',
  uploadFirst: 'No recording has been uploaded for this meeting yet. Upload it first, then request indexing.',
  noRecording: 'This meeting has no recording.',
  sampleReadOnly: 'Sample meetings are read-only.',
  notHost: 'Only the host of this meeting can do this.',
  unsupportedType: `Upload an mp4 or m4a file (content type ${Object.keys(UPLOAD_TYPES).filter((t) => t !== 'video/webm').join(', ')}).`,
  noteTooLong: `The note may not be longer than ${SURVEY_NOTE_MAX} characters.`,
  ratingRange: `The rating must be a whole number from 1 to ${SURVEY_MAXIMUM_RATING}.`,
} as const;

const boolish = z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true');
const isoTime = z.string().trim().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Enter a valid ISO 8601 date and time.')
  .transform((v) => new Date(v).toISOString());
const meetingName = z.string(MEETING_MESSAGES.required).trim().min(1, MEETING_MESSAGES.nameEmpty).max(MEETING_NAME_MAX, MEETING_MESSAGES.nameTooLong);
const meetingId = z.string(MEETING_MESSAGES.required).trim().min(1, MEETING_MESSAGES.required).max(64);
export const shareEmail = z.string(MEETING_MESSAGES.invalidEmail).trim().toLowerCase().max(254, MEETING_MESSAGES.invalidEmail)
  .email(MEETING_MESSAGES.invalidEmail);

/** POST meetings/ */
export const createMeetingRequest = z.object({ name: meetingName });
export type CreateMeetingRequest = z.infer<typeof createMeetingRequest>;

/** PUT meetings/{id}/ — every field optional; end_time null means "still in session". */
export const updateMeetingRequest = z.object({
  name: meetingName.optional(),
  recording_available: boolish.optional(),
  start_time: isoTime.optional(),
  end_time: isoTime.nullable().optional(),
});
export type UpdateMeetingRequest = z.infer<typeof updateMeetingRequest>;

/** POST meetings/attendees/ (bulk share, and the live room's single-meeting variant). */
export const shareMeetingsRequest = z.object({
  meeting_ids: z.array(meetingId, MEETING_MESSAGES.required).min(1, MEETING_MESSAGES.required).max(SHARE_ADDRESSES_MAX),
  attendees: z.array(z.object({ email: shareEmail, name: z.string().trim().max(200).optional().nullable() }), MEETING_MESSAGES.noEmail)
    .min(1, MEETING_MESSAGES.noEmail).max(SHARE_ADDRESSES_MAX, MEETING_MESSAGES.tooManyEmails),
  message_string: z.string().max(SHARE_MESSAGE_MAX, MEETING_MESSAGES.messageTooLong).optional().nullable().transform((v) => v ?? ''),
});
export type ShareMeetingsRequest = z.infer<typeof shareMeetingsRequest>;

/** PUT meetings/delete_attendee/ */
export const deleteAttendeeRequest = z.object({ meeting_id: meetingId, attendee_email: shareEmail });
export type DeleteAttendeeRequest = z.infer<typeof deleteAttendeeRequest>;

/** Query of GET meetings/ */
export const listMeetingsQuery = z.object({
  page: strictNumber('Enter a page number.').pipe(z.number().int('Enter a page number.').min(1, 'Enter a page number.')).default(1),
  page_size: strictNumber('Enter a page size.').pipe(z.number().int('Enter a page size.').min(1).max(MAX_PAGE_SIZE)).default(MEETINGS_PAGE_SIZE),
  meeting_id: z.string().trim().max(64).optional().transform((v) => (v ? v : undefined)),
});

/** Query of GET meetings/{id}/video_upload_url/ — content_type wins; else file_name's extension; else mp4. */
export const uploadUrlQuery = z.object({
  content_type: z.string().trim().toLowerCase().max(100).optional(),
  file_name: z.string().trim().max(500).optional(),
});

/** POST search/ (form-encoded) */
export const searchRequest = z.object({
  query: z.string(MEETING_MESSAGES.required).trim().min(1, MEETING_MESSAGES.required).max(SEARCH_QUERY_MAX),
});

/** POST surveys/meeting/ (public) */
export const surveyRequest = z.object({
  email: z.string(MEETING_MESSAGES.required).trim().toLowerCase().max(254).email('Enter a valid email address.'),
  meeting_id: z.string().trim().max(64).optional().nullable().transform((v) => (v ? v : null)),
  rating: strictNumber(MEETING_MESSAGES.ratingRange).pipe(z.number().int(MEETING_MESSAGES.ratingRange).min(1, MEETING_MESSAGES.ratingRange)
    .max(SURVEY_MAXIMUM_RATING, MEETING_MESSAGES.ratingRange)),
  maximum_rating: strictNumber().pipe(z.literal(SURVEY_MAXIMUM_RATING, `maximum_rating must be ${SURVEY_MAXIMUM_RATING}.`))
    .optional().default(SURVEY_MAXIMUM_RATING),
  note: z.string().max(SURVEY_NOTE_MAX, MEETING_MESSAGES.noteTooLong).optional().nullable().transform((v) => v ?? ''),
});
export type SurveyRequest = z.infer<typeof surveyRequest>;

export interface AttendeeView {
  id: string;
  name: string;
  role: 'host' | 'participant';
  email: string;
  emails: { id: string; email: string };
  /**
   * An addition to spec §3 (docs/meetings.md): the name of the MeetScribe account with this e-mail, null when nobody
   * has signed up with it; given on the meetings the caller hosts (whose share list they manage), absent on others.
   */
  account_name?: string | null;
}

/** The Meeting entity (spec §3). end_time null = still in session. */
export interface MeetingView {
  id: string;
  name: string;
  start_time: string | null;
  end_time: string | null;
  attendee_count: number;
  boards_shared: number;
  recording_available: boolean;
  attendees: AttendeeView[];
  /** The attendees whose role is host. */
  hosts: AttendeeView[];
  /** True for the two fixed sample meetings: read-only for everyone. */
  is_sample: boolean;
  /** Processing status per artefact (docs/pipeline.md); absent until an upload is processed. */
  processing?: ProcessingView;
}

export interface MeetingsPage { count: number; results: MeetingView[] }
export interface UploadUrl { url: string; fields: Record<string, string> }
/** What index_meeting_request did (functions/core/meetings/recording.ts requestIndexing). */
export interface IndexRequestAnswer { status: 'started' | 'already_started' | 'already_processed' }
export interface RecordingUrl {
  name: string; video_url: string; expiration_time: string;
  /** The same recording answered as an attachment named after the meeting (`Weekly sync.mp4`), for the Download button. */
  download_url: string; file_name: string;
}
export interface DeleteAttendeeAnswer { meeting_data: MeetingView }
export interface ShareAnswer { meeting_ids: string[]; attendees: string[] }

export interface NameSearchHit {
  meeting_name: string;
  meeting_id: string;
  image_path: null;
  thumbnail_path: null;
  scale: null;
  timestamp: null;
  matches: string[];
}

export interface SurveyView {
  id: string;
  email: string;
  meeting_id: string | null;
  rating: number;
  maximum_rating: number;
  note: string;
  created_at: string;
}
