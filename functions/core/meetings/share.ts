import type { DeleteAttendeeAnswer, DeleteAttendeeRequest, ShareAnswer, ShareMeetingsRequest } from '../../contracts/meetings.js';
import { MEETING_MESSAGES, meetingLink } from '../../contracts/meetings.js';
import { loadForWrite, type Caller } from './access.js';
import type { RateLimits } from '../accounts/ports.js';
import { TooManyRequests } from '../errors.js';
import { BadRequest, InvitationsNotSent } from './errors.js';
import type { AccountNames, IdGenerator, Mailer, MeetingAggregate, MeetingsRepository, UserDirectory } from './model.js';
import { toMeetingView, withAccountNames } from './view.js';

export interface SharePorts {
  readonly meetings: Pick<MeetingsRepository, 'find' | 'addAttendee'>;
  readonly users: UserDirectory;
  readonly mailer: Mailer;
  readonly newId: IdGenerator;
  /** Origin of the SPA, for the /home/meeting/{id} links. */
  readonly appUrl: string;
  /** Share-mail counters (issue #19: share was an unthrottled mail relay). */
  readonly limits: Pick<RateLimits, 'hit'>;
  /** Epoch ms. */
  readonly clock: () => number;
}

/** Limits of share mail (docs/security.md). */
export const SHARE_LIMITS = {
  /** Invitation e-mails one user may cause per window. */
  mailsPerSharer: 100,
  sharerWindowSeconds: 3600,
  /** Invitation e-mails one address may receive per window, from all sharers together; past it, access is still granted but no mail is sent. */
  mailsPerRecipient: 5,
  recipientWindowSeconds: 24 * 3600,
} as const;

export const SHARE_MESSAGES = {
  tooManyShares: `You can send at most ${SHARE_LIMITS.mailsPerSharer} invitations an hour. Please try again later.`,
} as const;

/**
 * Gives each address read access to each meeting (idempotent; an existing host stays host) and mails
 * each recipient the links with the message. Every meeting is checked before anything changes:
 * throws NotFound when one is not visible, Forbidden when the caller is not host of every one, and
 * InvitationsNotSent (after granting access) when some mails could not be sent.
 */
export async function shareMeetings(ports: SharePorts, caller: Caller, input: ShareMeetingsRequest): Promise<ShareAnswer> {
  const ids = [...new Set(input.meeting_ids)];
  const aggregates: MeetingAggregate[] = [];
  for (const id of ids) aggregates.push(await loadForWrite(ports.meetings, id, caller));

  const recipients = new Map<string, string>();
  for (const a of input.attendees) if (!recipients.has(a.email)) recipients.set(a.email, a.name?.trim() || a.email.split('@')[0]);
  const others = [...recipients.keys()].filter((email) => email !== caller.email.toLowerCase());

  // Counted before anything changes (atomic adds), so parallel calls cannot exceed the limits. An address that
  // got its share of invitations today still gets access, but no further mail, so nobody can be flooded; the
  // sharer's budget counts the mails that will actually go out.
  const now = Math.floor(ports.clock() / 1000);
  const mailable: string[] = [];
  for (const to of others) {
    const window = await ports.limits.hit(`share-recipient#${to}`, SHARE_LIMITS.recipientWindowSeconds, now);
    if (window.count <= SHARE_LIMITS.mailsPerRecipient) mailable.push(to);
  }
  if (mailable.length > 0) {
    const window = await ports.limits.hit(`share-sender#${caller.userId}`, SHARE_LIMITS.sharerWindowSeconds, now, mailable.length);
    if (window.count > SHARE_LIMITS.mailsPerSharer) throw new TooManyRequests(SHARE_MESSAGES.tooManyShares);
  }

  for (const { meeting } of aggregates) {
    for (const [email, name] of recipients) {
      await ports.meetings.addAttendee(meeting, { id: ports.newId(), email, name, role: 'participant' });
    }
  }
  const sharer = (await ports.users.displayName(caller.userId)) ?? caller.email;
  const sent = await Promise.allSettled(mailable.map((to) => ports.mailer.send(shareMail(to, sharer, aggregates, input.message_string, ports.appUrl))));
  const unsent = mailable.filter((_, i) => sent[i].status === 'rejected');
  if (unsent.length > 0) throw new InvitationsNotSent(unsent);
  return { meeting_ids: ids, attendees: [...recipients.keys()] };
}

function shareMail(to: string, sharer: string, aggregates: readonly MeetingAggregate[], message: string, appUrl: string) {
  const links = aggregates.map(({ meeting }) => `${meeting.name}\n${meetingLink(appUrl, meeting.id)}`).join('\n\n');
  const note = message.trim() ? `${sharer} wrote:\n\n${message.trim()}\n\n` : '';
  const what = aggregates.length === 1 ? 'a meeting' : `${aggregates.length} meetings`;
  return {
    to,
    subject: `${sharer} shared ${what} with you on MeetScribe`,
    text: `${sharer} shared ${what} with you.\n\n${note}${links}\n\n`
      + `Sign in (or sign up) with ${to} to open ${aggregates.length === 1 ? 'it' : 'them'}.\n`,
  };
}

/**
 * Host-only removal of an attendee (idempotent for an address without access). Throws NotFound,
 * Forbidden, BadRequest when the address is a host's.
 */
export async function removeAttendee(
  meetings: Pick<MeetingsRepository, 'find' | 'removeAttendee'>, caller: Caller, input: DeleteAttendeeRequest, people?: AccountNames,
): Promise<DeleteAttendeeAnswer> {
  const aggregate = await loadForWrite(meetings, input.meeting_id, caller);
  const target = aggregate.attendees.find((a) => a.email === input.attendee_email);
  if (target?.role === 'host') throw new BadRequest(MEETING_MESSAGES.hostCannotBeRemoved);
  if (!target) return { meeting_data: toMeetingView(aggregate) };
  await meetings.removeAttendee(input.meeting_id, target.email);
  const attendees = aggregate.attendees.filter((a) => a.email !== target.email);
  const [view] = await withAccountNames([{ meeting: aggregate.meeting, attendees }], caller, people);
  return { meeting_data: view! };
}
