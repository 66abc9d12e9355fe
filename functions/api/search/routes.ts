import { searchRequest } from '../../contracts/meetings.js';
import { searchMeetingNames } from '../../core/meetings/name-search.js';
import type { MeetingsRepository } from '../../core/meetings/model.js';
import { route, type Route } from '../http/router.js';

/** POST search/ (form-encoded `query`): meeting-name search over the caller's visible meetings. */
export function searchRoutes(d: { meetings: Pick<MeetingsRepository, 'listAccess' | 'findMeetings'> }): Route<any>[] {
  return [
    route({ method: 'POST', path: 'search/', auth: 'user', body: searchRequest,
      handle: ({ principal, body }) => searchMeetingNames(d.meetings, principal!, body.query) }),
  ];
}
