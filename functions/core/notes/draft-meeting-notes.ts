/**
 * The one way a meeting's notes are drafted (docs/insights.md): by the pipeline's notes step and by regenerate alike.
 * The stored transcript (its record's document, or where BuildTranscript writes it) with the current speaker names goes
 * through the notes engine; the chapters are built with the slides found so far; what the host did to the action
 * items (edits, done, deletions) is kept (core/action-items/merge.ts); the result is stored, its status ready.
 */
import { keepHostWork } from '../action-items/merge.js';
import { chaptersOf } from '../chapters/meeting-chapters.js';
import type { Chapter, Slide } from '../chapters/model.js';
import type { InsightsStore } from '../insights/model.js';
import { splitSentences } from '../insights/sentences.js';
import { turnsOf } from '../insights/transcript.js';
import { artefactKeys } from '../pipeline/artefact-keys.js';
import type { Logger } from '../ports.js';
import { generateNotes } from './generate-notes.js';
import type { MeetingNotes, NotesEngine } from './model.js';
import { namesByLabel } from './speaker-names.js';

/** The transcript's record as the notes read it: where the document is, and the names the host gave. */
export interface StoredTranscript { readonly jsonKey: string; readonly speakerNames: Readonly<Record<string, string>> }

export interface DraftNotesPorts {
  readonly transcripts: { findTranscript(meetingId: string): Promise<StoredTranscript | undefined> };
  readonly files: { getText(key: string): Promise<string> };
  /** The slides the frames stage found (none for a recording without video, or before that stage got to them). */
  readonly slides: { findSlides(meetingId: string): Promise<readonly Slide[] | undefined> };
  readonly insights: Pick<InsightsStore<MeetingNotes>, 'saveNotes' | 'loadNotes'>;
  readonly engine: NotesEngine;
  readonly newId: () => string;
  readonly log: Pick<Logger, 'error'>;
}

export interface DraftedNotes {
  /** The notes as stored (with the host's deleted action items, which no reader shows). */
  readonly notes: MeetingNotes;
  /** Whether the frames stage had stored its slides when the chapters were built. */
  readonly slidesSeen: boolean;
}

/**
 * Drafts the notes of `meetingId` and stores them. Throws NotesGenerationFailed (the engine failed; the stored notes
 * are left as they were), InvalidTranscript, or the store's not-found error when there is no transcript document.
 */
export async function draftMeetingNotes(ports: DraftNotesPorts, meetingId: string): Promise<DraftedNotes> {
  // A first run has the default "Speaker N" names; a re-run after renaming, the host's.
  const stored = await ports.transcripts.findTranscript(meetingId);
  const speakerNames = stored?.speakerNames ?? {};
  const document: unknown = JSON.parse(await ports.files.getText(stored?.jsonKey ?? artefactKeys.transcript(meetingId)));
  const slides = await ports.slides.findSlides(meetingId);
  const drafted = await generateNotes(splitSentences(turnsOf(document)), ports.engine, ports.newId, namesByLabel(speakerNames));
  const chapters = chaptersOrNone(ports.log, meetingId, () => chaptersOf(document, speakerNames, slides));
  const notes = keepHostWork(await ports.insights.loadNotes(meetingId), { ...drafted, chapters, speaker_names: speakerNames });
  await ports.insights.saveNotes(meetingId, notes);
  return { notes, slidesSeen: slides !== undefined };
}

/** The meeting's chapters; none (logged) when building them fails, so the notes are kept. */
function chaptersOrNone(log: Pick<Logger, 'error'>, meetingId: string, build: () => Chapter[]): Chapter[] {
  try {
    return build();
  } catch (error) {
    log.error('Could not build the chapters', { meetingId, error: (error as Error).message });
    return [];
  }
}
