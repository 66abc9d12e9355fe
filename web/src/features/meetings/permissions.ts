/** What the signed-in user may do with a meeting (spec §6): by host role, sample flag and recording. */
import type { MeetingView } from '@contracts/meetings.js';

export type MeetingOption = 'watchRecording' | 'transcript' | 'notes' | 'sentiment' | 'share' | 'delete' | 'search' | 'feedback';

export const OPTION_LABELS: Record<MeetingOption, string> = {
  watchRecording: 'Watch Recording',
  transcript: 'Transcript',
  notes: 'Notes',
  sentiment: 'Sentiment Analysis',
  share: 'Share',
  delete: 'Delete',
  search: 'Search in this meeting',
  feedback: 'Submit Feedback',
};

/** Whether `email` is among the meeting's hosts (case-insensitive). */
export function isHost(meeting: MeetingView, email: string | undefined): boolean {
  if (!email) return false;
  const wanted = email.toLowerCase();
  return meeting.hosts.some((host) => host.email.toLowerCase() === wanted);
}

/** Host rights apply: the user hosts the meeting and it is not one of the read-only sample meetings. */
export function canManage(meeting: MeetingView, email: string | undefined): boolean {
  return !meeting.is_sample && isHost(meeting, email);
}

/** Operations `/dashboard/{id}/{operation}` runs directly (spec §2). */
export const DASHBOARD_OPERATIONS: readonly MeetingOption[] = ['watchRecording', 'notes', 'transcript'];

/**
 * The options menu entries, in order. With a recording everyone gets watch, transcript, notes and sentiment
 * analysis; a meeting with an imported transcript and no recording the same without watch; the host also share and
 * delete; everyone search within the meeting and feedback (spec §6).
 */
export function meetingOptions(meeting: MeetingView, email: string | undefined): MeetingOption[] {
  const options: MeetingOption[] = [];
  if (meeting.recording_available) options.push('watchRecording', 'transcript', 'notes', 'sentiment');
  else if (meeting.processing) options.push('transcript', 'notes', 'sentiment');
  if (canManage(meeting, email)) options.push('share', 'delete');
  options.push('search', 'feedback');
  return options;
}

/** Bulk share is allowed only for a non-empty selection the user hosts entirely. */
export function canBulkShare(selected: readonly MeetingView[], email: string | undefined): boolean {
  return selected.length > 0 && selected.every((meeting) => canManage(meeting, email));
}

/** The 'Shared With' count: attendees minus the host. */
export function sharedWithCount(meeting: MeetingView): number {
  return Math.max(0, meeting.attendee_count - 1);
}
