import {
  createMeetingRequest, deleteAttendeeRequest, listMeetingsQuery, shareMeetingsRequest, updateMeetingRequest, uploadUrlQuery,
} from '../../contracts/meetings.js';
import { listMeetings } from '../../core/meetings/list-meetings.js';
import { createMeeting, deleteMeeting, getMeeting, updateMeeting } from '../../core/meetings/manage-meetings.js';
import type {
  AccountNames, Clock, IdGenerator, Mailer, MeetingsRepository, MinutesBalance, ProcessingStarter, RecordingStorage, UserDirectory,
} from '../../core/meetings/model.js';
import { createUploadUrl, recordingUrl, requestIndexing, uploadContentType } from '../../core/meetings/recording.js';
import { removeAttendee, shareMeetings, type SharePorts } from '../../core/meetings/share.js';
import { route, type Route } from '../http/router.js';
import { created, noContent } from '../http/response.js';

export interface MeetingsDependencies {
  readonly meetings: MeetingsRepository;
  readonly storage: RecordingStorage;
  readonly processing: ProcessingStarter;
  readonly minutes: MinutesBalance;
  readonly users: UserDirectory;
  /** Account names for the host's share list (attendees' `account_name`); without it the field is left out. */
  readonly accountNames?: AccountNames;
  readonly mailer: Mailer;
  readonly clock: Clock;
  readonly newId: IdGenerator;
  readonly appUrl: string;
  /** Share-mail counters (functions/core/meetings/share.ts SHARE_LIMITS). */
  readonly limits: SharePorts['limits'];
}

/** The meetings API of spec §7; specific paths come before meetings/{id}/ so they win the match. */
export function meetingRoutes(d: MeetingsDependencies): Route<any>[] {
  return [
    route({ method: 'POST', path: 'meetings/attendees/', auth: 'user', body: shareMeetingsRequest,
      handle: ({ principal, body }) => shareMeetings(d, principal, body) }),
    route({ method: 'PUT', path: 'meetings/delete_attendee/', auth: 'user', body: deleteAttendeeRequest,
      handle: ({ principal, body }) => removeAttendee(d.meetings, principal, body, d.accountNames) }),
    route({ method: 'POST', path: 'meetings/', auth: 'user', body: createMeetingRequest,
      handle: async ({ principal, body }) => created(await createMeeting(d, principal, body)) }),
    route({ method: 'GET', path: 'meetings/', auth: 'user', handle: ({ principal, query }) => {
      const q = listMeetingsQuery.parse(query);
      return listMeetings(d.meetings, principal, { page: q.page, pageSize: q.page_size, meetingId: q.meeting_id }, d.accountNames);
    } }),
    route({ method: 'GET', path: 'meetings/{id}/', auth: 'user',
      handle: ({ principal, params }) => getMeeting(d.meetings, principal, params.id, d.accountNames) }),
    route({ method: 'PUT', path: 'meetings/{id}/', auth: 'user', body: updateMeetingRequest,
      handle: ({ principal, params, body }) => updateMeeting(d.meetings, principal, params.id, body) }),
    route({ method: 'DELETE', path: 'meetings/{id}/', auth: 'user', handle: async ({ principal, params }) => {
      await deleteMeeting(d, principal, params.id);
      return noContent();
    } }),
    route({ method: 'GET', path: 'meetings/{id}/video_upload_url/', auth: 'user',
      handle: ({ principal, params, query }) => {
        const q = uploadUrlQuery.parse(query);
        return createUploadUrl(d, principal, params.id, uploadContentType(q), q.file_name);
      } }),
    route({ method: 'GET', path: 'meetings/{id}/index_meeting_request/', auth: 'user',
      handle: ({ principal, params }) => requestIndexing(d, principal, params.id) }),
    route({ method: 'GET', path: 'meetings/{id}/video/', auth: 'user', handle: ({ principal, params }) => recordingUrl(d, principal, params.id) }),
  ];
}
