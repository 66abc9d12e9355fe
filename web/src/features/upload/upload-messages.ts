/** Upload texts of spec §5 and §8, word for word. */
import { MEETING_MESSAGES, UPLOAD_PLACEHOLDER_NAME } from '@contracts/meetings.js';

export const UPLOAD_MESSAGES = {
  invalidVideo: 'Invalid video. Please select a video file.',
  minutesUsedUp: MEETING_MESSAGES.minutesUsedUp,
  leaveWarning: 'Your upload progress is incomplete. Are you sure you want to leave?',
} as const;

/** The placeholder name a meeting has until its upload completes (two spaces, as the spec writes it). */
export const PLACEHOLDER_MEETING_NAME = UPLOAD_PLACEHOLDER_NAME;

/** The file types the form accepts: recordings, and transcripts to import (docs/meetings.md "Transcript import"). */
export const UPLOAD_ACCEPT = '.mp4,.m4a,.vtt,.srt,.txt,.json';

/** Thrown when the browser cannot read the file's duration. */
export class InvalidVideo extends Error {
  readonly name = 'InvalidVideo';
  constructor() {
    super(UPLOAD_MESSAGES.invalidVideo);
  }
}
