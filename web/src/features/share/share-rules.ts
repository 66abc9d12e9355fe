/** The share modal's rules (spec §5 Share): address chips, their messages, and the message limit. */
import { MEETING_MESSAGES, meetingLink, SHARE_MESSAGE_MAX, shareEmail } from '@contracts/meetings.js';

export const SHARE_MESSAGES = {
  noEmail: MEETING_MESSAGES.noEmail,
  hitReturn: 'Hit the return key after entering an email address.',
  invalidEmail: MEETING_MESSAGES.invalidEmail,
  messageLimit: MEETING_MESSAGES.messageTooLong,
  failed: 'There was an error processing your request.',
} as const;

/** Keys that turn the typed text into a chip. */
export const CHIP_KEYS: readonly string[] = ['Enter', ' ', ','];

export interface ChipResult {
  /** The addresses after adding the valid ones (lower-cased, no duplicates). */
  emails: string[];
  /** Text that stays in the input (the invalid part), '' when everything was added. */
  rest: string;
  error?: string;
}

/** Normalised address, or undefined when it is not a valid e-mail address. */
export function parseAddress(text: string): string | undefined {
  const result = shareEmail.safeParse(text);
  return result.success ? result.data : undefined;
}

/**
 * Adds the addresses typed (or pasted) in `text`, split on spaces and commas, to `emails`. Invalid
 * pieces stay in the input with the invalid-address message.
 */
export function addChips(emails: readonly string[], text: string): ChipResult {
  const next = [...emails];
  const invalid: string[] = [];
  for (const piece of text.split(/[\s,]+/).filter(Boolean)) {
    const address = parseAddress(piece);
    if (address === undefined) invalid.push(piece);
    else if (!next.includes(address)) next.push(address);
  }
  return { emails: next, rest: invalid.join(' '), ...(invalid.length > 0 && { error: SHARE_MESSAGES.invalidEmail }) };
}

/** Why the share cannot be sent yet: unconfirmed text first, then no address at all. */
export function recipientsProblem(emails: readonly string[], pendingText: string): string | undefined {
  if (pendingText.trim() !== '') return SHARE_MESSAGES.hitReturn;
  if (emails.length === 0) return SHARE_MESSAGES.noEmail;
  return undefined;
}

/**
 * The limit notice, shown once the message reaches 2000 characters (typing stops there). It is a
 * notice, not an error: a message of exactly 2000 characters is allowed ("up to 2000") and can be sent.
 */
export function messageLimitNotice(message: string): string | undefined {
  return message.length >= SHARE_MESSAGE_MAX ? SHARE_MESSAGES.messageLimit : undefined;
}

/** The message error that blocks sending: longer than the limit (only reachable if the input's cap is bypassed). */
export function messageProblem(message: string): string | undefined {
  return message.length > SHARE_MESSAGE_MAX ? SHARE_MESSAGES.messageLimit : undefined;
}

/** The share link of a meeting (spec §9: /home/meeting/{id}). */
export function shareLink(origin: string, meetingId: string): string {
  return meetingLink(origin, meetingId);
}
