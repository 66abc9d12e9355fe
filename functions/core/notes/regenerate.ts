/**
 * Regenerating a meeting's notes (host only): after the host renamed speakers or the transcript changed,
 * the notes are drafted again from the stored transcript with the current speaker names and replace the old ones;
 * what the host did to the action items (edits, done, deletions) is kept, and the chapters are built again with them.
 */
import { chaptersOf } from '../chapters/meeting-chapters.js';
import type { Slide } from '../chapters/model.js';
import { splitSentences } from '../insights/sentences.js';
import { turnsOf } from '../insights/transcript.js';
import type { InsightsStore } from '../insights/model.js';
import { keepHostWork } from '../action-items/merge.js';
import { Conflict } from '../errors.js';
import { loadForWrite, type Caller } from '../meetings/access.js';
import type { MeetingsRepository } from '../meetings/model.js';
import { generateNotes, NotesGenerationFailed } from './generate-notes.js';
import type { MeetingNotes, NotesEngine } from './model.js';
import { takeRegenerateBudget } from './regenerate-limit.js';
import { namesByLabel } from './speaker-names.js';
import type { RateLimits } from '../accounts/ports.js';

export interface RegenerateNotesPorts {
  readonly meetings: Pick<MeetingsRepository, 'find'>;
  readonly transcripts: { findTranscript(meetingId: string): Promise<{ readonly jsonKey: string; readonly speakerNames: Readonly<Record<string, string>> } | undefined> };
  readonly files: { getText(key: string): Promise<string> };
  /** The slides the frames stage found (none for a recording without video). */
  readonly slides: { findSlides(meetingId: string): Promise<readonly Slide[] | undefined> };
  readonly insights: Pick<InsightsStore<MeetingNotes>, 'saveNotes' | 'loadNotes'>;
  readonly engine: NotesEngine;
  readonly newId: () => string;
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
  const stored = await ports.transcripts.findTranscript(meetingId);
  if (!stored) throw new Conflict(REGENERATE_MESSAGES.transcriptNotReady);
  const budget = await takeRegenerateBudget(ports.limits, ports.clock(), caller.userId, meetingId);
  const document: unknown = JSON.parse(await ports.files.getText(stored.jsonKey));
  const sentences = splitSentences(turnsOf(document));
  let notes: MeetingNotes;
  try {
    notes = await generateNotes(sentences, ports.engine, ports.newId, namesByLabel(stored.speakerNames));
    notes = { ...notes, chapters: chaptersOf(document, stored.speakerNames, await ports.slides.findSlides(meetingId)), speaker_names: stored.speakerNames };
  } catch (error) {
    await budget.refund();
    if (error instanceof NotesGenerationFailed) throw new Conflict(REGENERATE_MESSAGES.failed);
    throw error;
  }
  // The host's edits, statuses and deletions of action items survive (core/action-items/merge.ts).
  notes = keepHostWork(await ports.insights.loadNotes(meetingId), notes);
  await ports.insights.saveNotes(meetingId, notes);
  const { deleted_action_items: _deleted, ...shown } = notes;
  return shown;
}
