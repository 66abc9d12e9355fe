import type { Mailer, UsersRepository } from '../accounts/ports.js';
import type { MeetingsRepository } from '../meetings/model.js';
import type { MeetingNotes } from './model.js';
import { notesReadyMail } from './notes-ready-mail.js';

export interface NotifyDependencies {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly users: Pick<UsersRepository, 'findById'>;
  readonly mailer: Mailer;
  readonly appUrl: string;
}

/**
 * E-mails the meeting's host that the notes are ready, when the host's `email_notes` setting is on.
 * Returns whether a mail was sent; throws what the mailer throws.
 */
export async function notifyNotesReady(d: NotifyDependencies, meetingId: string, notes: MeetingNotes): Promise<boolean> {
  const aggregate = await d.meetings.find(meetingId);
  if (!aggregate) return false;
  const host = await d.users.findById(aggregate.meeting.hostUserId);
  if (!host?.emailNotes) return false;
  await d.mailer.send(notesReadyMail(host.email, aggregate.meeting, notes, d.appUrl));
  return true;
}
