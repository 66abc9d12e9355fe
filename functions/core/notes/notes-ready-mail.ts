import { meetingLink } from '../../contracts/meetings.js';
import type { MailMessage } from '../accounts/ports.js';
import type { MeetingNotes } from './model.js';

/** The "notes are ready" e-mail to a host who has e-mail notes on, linking to the meeting. */
export function notesReadyMail(to: string, meeting: { id: string; name: string }, notes: MeetingNotes, appUrl: string): MailMessage {
  const link = meetingLink(appUrl, meeting.id);
  const items = notes.action_items.length === 0
    ? 'No action items were found.'
    : `Action items:\n${notes.action_items.map((a) => `${a.number}. ${a.content}`).join('\n')}`;
  return {
    to,
    subject: `Your meeting notes are ready: ${meeting.name}`,
    text: `The notes of "${meeting.name}" are ready.\n\n${notes.overview}\n\n${items}\n\nOpen the meeting: ${link}\n`,
  };
}
