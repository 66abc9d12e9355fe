import type { PassageIndex } from '../ask/model.js';
import type { MeetingsRepository } from '../meetings/model.js';
import { meetingDocOf } from './indexing.js';
import type { SearchIndex } from './model.js';

export interface SyncLogger { error(message: string, extra?: Record<string, unknown>): void }

/**
 * The meetings repository with the search index kept in step: after a create, rename, share, attendee
 * removal or delete succeeds, the meeting's index document is rewritten (or removed with its segments
 * and frames, and its Ask passages). The repository stays the source of truth (search filters by its access list at query
 * time), so an index failure is logged, not raised: the change itself has happened.
 */
export function withSearchIndexSync(
  repository: MeetingsRepository, index: Pick<SearchIndex, 'upsertMeeting' | 'removeMeeting'>, passages: Pick<PassageIndex, 'removePassages'>, log: SyncLogger,
): MeetingsRepository {
  const refresh = async (meetingId: string) => {
    try {
      const aggregate = await repository.find(meetingId);
      if (aggregate) await index.upsertMeeting(meetingDocOf(aggregate));
      else await Promise.all([index.removeMeeting(meetingId), passages.removePassages(meetingId)]);
    } catch (error) {
      log.error('Search index not updated', { meetingId, error: (error as Error).message });
    }
  };
  return {
    find: (meetingId) => repository.find(meetingId),
    findMeetings: (meetingIds) => repository.findMeetings(meetingIds),
    findMany: (meetingIds) => repository.findMany(meetingIds),
    listAccess: (email) => repository.listAccess(email),
    create: async (meeting, host) => { await repository.create(meeting, host); await refresh(meeting.id); },
    update: async (meetingId, changes) => { const updated = await repository.update(meetingId, changes); await refresh(meetingId); return updated; },
    addAttendee: async (meeting, attendee) => { const added = await repository.addAttendee(meeting, attendee); if (added) await refresh(meeting.id);
      return added; },
    removeAttendee: async (meetingId, email) => { await repository.removeAttendee(meetingId, email); await refresh(meetingId); },
    remove: async (meetingId) => { await repository.remove(meetingId); await refresh(meetingId); },
  };
}
