/**
 * The per-user limit on regenerating notes (issue 28): each run drafts the notes with the notes engine (a paid model
 * in the cloud) and retires the notes id in use, so one user may regenerate one meeting's notes at most
 * `perMeeting` times an hour, and all meetings' notes together at most `perUser` times an hour. Counted atomically
 * before the engine runs, so parallel calls cannot exceed it; a run whose engine failed is given back.
 */
import type { RateLimits } from '../accounts/ports.js';
import { TooManyRequests } from '../errors.js';

export const REGENERATE_LIMITS = { perMeeting: 10, perUser: 30, windowSeconds: 3600 } as const;

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

export const REGENERATE_LIMIT_MESSAGES = {
  meeting: (retryAfterSeconds: number) =>
    `You can regenerate the notes of a meeting at most ${REGENERATE_LIMITS.perMeeting} times an hour. Please try again in ${inMinutes(retryAfterSeconds)}.`,
  user: (retryAfterSeconds: number) =>
    `You can regenerate notes at most ${REGENERATE_LIMITS.perUser} times an hour. Please try again in ${inMinutes(retryAfterSeconds)}.`,
} as const;

export interface RegenerateBudget {
  /** Gives the counted run back (the engine failed, nothing changed). */
  refund(): Promise<void>;
}

const keys = (userId: string, meetingId: string) => ({ meeting: `regenerate-notes#${userId}#${meetingId}`, user: `regenerate-notes#${userId}` });

/** Counts one run of `userId` on `meetingId`; throws TooManyRequests (with Retry-After) past either limit, the run not counted. */
export async function takeRegenerateBudget(
  limits: Pick<RateLimits, 'hit' | 'refund'>, nowMs: number, userId: string, meetingId: string,
): Promise<RegenerateBudget> {
  const now = Math.floor(nowMs / 1000);
  const key = keys(userId, meetingId);
  const meeting = await limits.hit(key.meeting, REGENERATE_LIMITS.windowSeconds, now);
  if (meeting.count > REGENERATE_LIMITS.perMeeting) {
    await limits.refund(key.meeting, now);
    throw new TooManyRequests(REGENERATE_LIMIT_MESSAGES.meeting(meeting.resetsAt - now), false, meeting.resetsAt - now);
  }
  const user = await limits.hit(key.user, REGENERATE_LIMITS.windowSeconds, now);
  if (user.count > REGENERATE_LIMITS.perUser) {
    await Promise.all([limits.refund(key.user, now), limits.refund(key.meeting, now)]);
    throw new TooManyRequests(REGENERATE_LIMIT_MESSAGES.user(user.resetsAt - now), false, user.resetsAt - now);
  }
  return { refund: async () => { await Promise.all([limits.refund(key.user, now), limits.refund(key.meeting, now)]); } };
}
