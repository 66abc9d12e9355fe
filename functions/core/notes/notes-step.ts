/**
 * The pipeline's notes step (Insights → notes, docs/insights.md) as a use case: the notes drafted the one way
 * (draft-meeting-notes.ts), the slides put into the chapters when the frames stage stored them meanwhile, then the
 * "notes ready" mail when the host wants it.
 */
import { refreshChapters, type RefreshChaptersPorts } from '../chapters/meeting-chapters.js';
import type { Logger } from '../ports.js';
import { draftMeetingNotes, type DraftNotesPorts } from './draft-meeting-notes.js';
import { notifyNotesReady, type NotifyDependencies } from './notify.js';

export interface NotesStepPorts extends DraftNotesPorts {
  readonly chapters: RefreshChaptersPorts;
  /** Absent when no sender or app URL is configured: the notes do not depend on mail. */
  readonly notify?: NotifyDependencies;
  readonly log: Pick<Logger, 'error'>;
}

export interface NotesStepResult {
  readonly status: 'ready';
  readonly engine: string;
  readonly actionItems: number;
  readonly chapters: number;
  readonly mailed: boolean;
}

/**
 * Notes (overview, summary, decisions, action items with owners) with the meeting's chapters, stored ready; a failed
 * slides refresh or mail is logged, not thrown: the notes are done. Throws when the transcript cannot be read or the
 * engine fails (the state machine's Catch marks the notes failed).
 */
export async function writeNotesForRun(ports: NotesStepPorts, meetingId: string): Promise<NotesStepResult> {
  const { notes, slidesSeen } = await draftMeetingNotes(ports, meetingId);
  // The frames stage runs beside this one: slides it stored after the look above, before these notes existed, go in now.
  if (!slidesSeen) {
    try {
      await refreshChapters(ports.chapters, meetingId);
    } catch (error) {
      ports.log.error('Could not put the slides into the chapters', { meetingId, error: (error as Error).message });
    }
  }
  let mailed = false;
  try {
    mailed = ports.notify ? await notifyNotesReady(ports.notify, meetingId, notes) : false;
  } catch (error) {
    ports.log.error('Could not send the notes-ready mail', { meetingId, error: (error as Error).message });
  }
  return { status: 'ready', engine: ports.engine.name, actionItems: notes.action_items.length, chapters: notes.chapters?.length ?? 0, mailed };
}
