import { MEETING_MESSAGES, type CreateMeetingRequest, type MeetingView, type UpdateMeetingRequest } from '../../contracts/meetings.js';
import { NotFound, ValidationFailed } from '../errors.js';
import { loadForWrite, loadVisible, type Caller } from './access.js';
import type { AccountNames, Clock, IdGenerator, MeetingChanges, MeetingsRepository, RecordingStorage, UserDirectory } from './model.js';
import { toMeetingView, withAccountNames } from './view.js';

export interface CreateMeetingPorts {
  readonly meetings: Pick<MeetingsRepository, 'create'>;
  readonly users: UserDirectory;
  readonly clock: Clock;
  readonly newId: IdGenerator;
}

/** Creates a meeting (upload placeholder or live room) with the caller as its host, in session from now. */
export async function createMeeting(ports: CreateMeetingPorts, caller: Caller, input: CreateMeetingRequest): Promise<MeetingView> {
  const now = new Date(ports.clock()).toISOString();
  const email = caller.email.toLowerCase();
  const meeting = {
    id: ports.newId(), name: input.name, startTime: now, endTime: null, recordingAvailable: false,
    boardsShared: 0, createdAt: now, hostUserId: caller.userId,
  };
  const hostName = (await ports.users.displayName(caller.userId)) ?? email.split('@')[0];
  const host = { id: ports.newId(), email, name: hostName, role: 'host' as const };
  await ports.meetings.create(meeting, host);
  return toMeetingView({ meeting, attendees: [host] });
}

/** The meeting with its attendees. Throws NotFound when the caller may not see it. */
export async function getMeeting(
  meetings: Pick<MeetingsRepository, 'find'>, caller: Caller, meetingId: string, people?: AccountNames,
): Promise<MeetingView> {
  const [view] = await withAccountNames([await loadVisible(meetings, meetingId, caller)], caller, people);
  return view!;
}

/**
 * Host-only update of name, recording flag and times. Throws NotFound (not visible), Forbidden
 * (participant or sample meeting), ValidationFailed when the end would precede the start.
 */
export async function updateMeeting(
  meetings: Pick<MeetingsRepository, 'find' | 'update'>, caller: Caller, meetingId: string, input: UpdateMeetingRequest,
): Promise<MeetingView> {
  const aggregate = await loadForWrite(meetings, meetingId, caller);
  const changes: MeetingChanges = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.recording_available !== undefined && { recordingAvailable: input.recording_available }),
    ...(input.start_time !== undefined && { startTime: input.start_time }),
    ...(input.end_time !== undefined && { endTime: input.end_time }),
  };
  const start = changes.startTime ?? aggregate.meeting.startTime;
  const end = changes.endTime === undefined ? aggregate.meeting.endTime : changes.endTime;
  if (start && end && Date.parse(end) < Date.parse(start)) throw new ValidationFailed({ end_time: [MEETING_MESSAGES.endBeforeStart] });
  if (Object.keys(changes).length === 0) return toMeetingView(aggregate);
  const updated = await meetings.update(meetingId, changes);
  if (!updated) throw new NotFound('Meeting not found.');
  return toMeetingView({ meeting: updated, attendees: aggregate.attendees });
}

/**
 * Host-only delete: the recording and artefacts in storage first, then the items, so a failure part-way
 * leaves the meeting visible for a retry. Throws NotFound (also for a repeat), Forbidden.
 */
export async function deleteMeeting(
  ports: { meetings: Pick<MeetingsRepository, 'find' | 'remove'>; storage: Pick<RecordingStorage, 'removeMeetingObjects'> },
  caller: Caller, meetingId: string,
): Promise<void> {
  await loadForWrite(ports.meetings, meetingId, caller);
  await ports.storage.removeMeetingObjects(meetingId);
  await ports.meetings.remove(meetingId);
}
