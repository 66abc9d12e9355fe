import { MEETING_MESSAGES } from '../../contracts/meetings.js';
import type { Principal } from '../auth/principal.js';
import { Forbidden, NotFound } from '../errors.js';
import type { MeetingAggregate, MeetingsRepository } from './model.js';

/**
 * The two fixed sample meetings (spec §6): visible to and listed for every signed-in user, read-only
 * for everyone. They exist only when seeded; the ids are ours to choose (the spec does not show them).
 */
export const SAMPLE_MEETING_IDS: readonly string[] = ['sample-meeting-product-demo', 'sample-meeting-team-sync'];

export const isSampleMeeting = (meetingId: string): boolean => SAMPLE_MEETING_IDS.includes(meetingId);

/** host and participant come from the attendee list (by e-mail); viewer = a sample meeting seen by anyone. */
export type MeetingAccess = 'host' | 'participant' | 'viewer' | 'none';

/** Who asks: the authenticated principal (core/auth/principal.ts). */
export type Caller = Principal;

/** The caller's access to a meeting: their attendee role, else viewer for sample meetings, else none. */
export function accessOf(aggregate: MeetingAggregate, caller: Caller): MeetingAccess {
  const email = caller.email.toLowerCase();
  const attendee = aggregate.attendees.find((a) => a.email === email);
  if (attendee) return attendee.role;
  return isSampleMeeting(aggregate.meeting.id) ? 'viewer' : 'none';
}

/** May the caller change the meeting? Only its host, and nobody for a sample meeting. */
export const canWrite = (aggregate: MeetingAggregate, caller: Caller): boolean =>
  !isSampleMeeting(aggregate.meeting.id) && accessOf(aggregate, caller) === 'host';

/** Loads a meeting the caller may see. Throws NotFound when it does not exist or is not visible to them. */
export async function loadVisible(meetings: Pick<MeetingsRepository, 'find'>, meetingId: string, caller: Caller): Promise<MeetingAggregate> {
  const aggregate = await meetings.find(meetingId);
  if (!aggregate || accessOf(aggregate, caller) === 'none') throw new NotFound('Meeting not found.');
  return aggregate;
}

/**
 * Loads a meeting the caller may change. Throws NotFound when it is not visible to them, Forbidden
 * when they only read it (participant) or it is a sample meeting.
 */
export async function loadForWrite(meetings: Pick<MeetingsRepository, 'find'>, meetingId: string, caller: Caller): Promise<MeetingAggregate> {
  const aggregate = await loadVisible(meetings, meetingId, caller);
  if (isSampleMeeting(meetingId)) throw new Forbidden(MEETING_MESSAGES.sampleReadOnly);
  if (accessOf(aggregate, caller) !== 'host') throw new Forbidden(MEETING_MESSAGES.notHost);
  return aggregate;
}
