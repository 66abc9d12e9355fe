/**
 * Regenerating a meeting's notes (host only): after the host renamed speakers or the transcript changed, the notes
 * are drafted again the one way (draft-meeting-notes.ts: the stored transcript with the current speaker names) and
 * replace the old ones; what the host did to the action items (edits, done, deletions) is kept, and the chapters are
 * built again with them.
 */
import type { RateLimits } from '../accounts/ports.js';
import { Conflict } from '../errors.js';
import { loadForWrite, type Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import { draftMeetingNotes, type DraftedNotes, type DraftNotesPorts } from './draft-meeting-notes.js';
import { NotesGenerationFailed } from './generate-notes.js';
import type { MeetingNotes } from './model.js';
import { takeRegenerateBudget } from './regenerate-limit.js';

export interface RegenerateNotesPorts extends DraftNotesPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  /** The per-user regenerate limit's counters (regenerate-limit.ts) and the clock they count by (ms). */
  readonly limits: Pick<RateLimits, 'hit' | 'refund'>;
  readonly clock: () => number;
}

export const REGENERATE_MESSAGES = {
  transcriptNotReady: 'The transcript of this meeting is not ready yet, so its notes cannot be generated.',
  failed: 'The notes of this meeting could not be generated again. The previous notes are kept.',
} as const;

/**
 * Drafts the notes again and stores them (status ready). Throws NotFound (meeting not visible), Forbidden
 * (not the host, or a sample meeting), Conflict (no transcript yet, or the engine failed; old notes kept),
 * TooManyRequests (past the caller's regenerate limit, regenerate-limit.ts).
 */
export async function regenerateNotes(ports: RegenerateNotesPorts, caller: Caller, meetingId: string): Promise<MeetingNotes> {
  await loadForWrite(ports.meetings, meetingId, caller);
  if (!(await ports.transcripts.findTranscript(meetingId))) throw new Conflict(REGENERATE_MESSAGES.transcriptNotReady);
  const budget = await takeRegenerateBudget(ports.limits, ports.clock(), caller.userId, meetingId);
  let drafted: DraftedNotes;
  try {
    drafted = await draftMeetingNotes(ports, meetingId);
  } catch (error) {
    await budget.refund();
    if (error instanceof NotesGenerationFailed) throw new Conflict(REGENERATE_MESSAGES.failed);
    throw error;
  }
  const { deleted_action_items: _deleted, ...shown } = drafted.notes;
  return shown;
}
