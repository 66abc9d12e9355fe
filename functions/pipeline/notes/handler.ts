import { randomUUID } from 'node:crypto';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../../adapters/dynamodb/transcripts-repository.js';
import { createUsersRepository } from '../../adapters/dynamodb/users-repository.js';
import { insightsContext, type InsightTaskInput } from '../../wiring/insights.js';
import { notesEngineFromConfig } from '../../adapters/insights/notes-engine.js';
import { logger } from '../../adapters/logging/logger.js';
import { sesClient } from '../../adapters/mail/client.js';
import { createSesMailer } from '../../adapters/mail/ses-mailer.js';
import { createSlidesStore } from '../../adapters/storage/slides-store.js';
import { readOptionalConfig } from '../../config.js';
import { keepHostWork } from '../../core/action-items/merge.js';
import { chaptersOf, refreshChapters } from '../../core/chapters/meeting-chapters.js';
import { generateNotes } from '../../core/notes/generate-notes.js';
import { notifyNotesReady } from '../../core/notes/notify.js';
import { namesByLabel } from '../../core/notes/speaker-names.js';

const ctx = insightsContext();
const engine = notesEngineFromConfig();
const transcripts = createTranscripts(ctx.documentClient, ctx.config.TABLE_NAME);
const slides = createSlidesStore(ctx.files);
const chapterPorts = { transcripts, files: ctx.files, slides, notes: ctx.insights };
// The notes do not depend on mail: without a sender or app URL configured, the mail step is skipped.
const mail = readOptionalConfig(['MAIL_FROM', 'PUBLIC_APP_URL']);
const notify = mail.MAIL_FROM && mail.PUBLIC_APP_URL ? {
  meetings: createMeetingsRepository(ctx.documentClient, ctx.config.TABLE_NAME),
  users: createUsersRepository(ctx.documentClient, ctx.config.TABLE_NAME),
  mailer: createSesMailer(sesClient, mail.MAIL_FROM),
  appUrl: mail.PUBLIC_APP_URL,
} : undefined;

/** The meeting's chapters; none (logged) when building them fails, so the notes are kept. */
function chaptersOrNone(meetingId: string, ...args: Parameters<typeof chaptersOf>) {
  try {
    return chaptersOf(...args);
  } catch (error) {
    logger.error('Could not build the chapters', { meetingId, error: (error as Error).message });
    return [];
  }
}

/**
 * Notes (overview, summary, decisions, action items with owners) from the transcript and the speaker names, with the meeting's chapters
 * (and the slides, when the frames stage has found them already), stored with their status item marked ready; then the "notes ready" mail when the host wants it. A failed mail is logged, not thrown: the
 * notes are done. Throws when the transcript cannot be read or the engine fails (Catch marks notes failed).
 */
export const handler = async (input: InsightTaskInput) => {
  const { sentences, document } = await ctx.readSentences(input);
  // Names the host has already given (a re-run after renaming); a first run has the default "Speaker N".
  const speakerNames = (await transcripts.findTranscript(input.meetingId))?.speakerNames ?? {};
  const shown = await slides.findSlides(input.meetingId);
  // A re-run (a resumed execution, a re-processing) keeps what the host did to the action items.
  const drafted = await generateNotes(sentences, engine, randomUUID, namesByLabel(speakerNames));
  const notes = { ...keepHostWork(await ctx.insights.loadNotes(input.meetingId), drafted), chapters: chaptersOrNone(input.meetingId, document, speakerNames, shown), speaker_names: speakerNames };
  await ctx.insights.saveNotes(input.meetingId, notes);
  // The frames stage runs beside this one: slides it stored after the look above, before these notes existed, go in now.
  if (!shown) {
    try {
      await refreshChapters(chapterPorts, input.meetingId);
    } catch (error) {
      logger.error('Could not put the slides into the chapters', { meetingId: input.meetingId, error: (error as Error).message });
    }
  }
  let mailed = false;
  try {
    mailed = notify ? await notifyNotesReady(notify, input.meetingId, notes) : false;
  } catch (error) {
    logger.error('Could not send the notes-ready mail', { meetingId: input.meetingId, error: (error as Error).message });
  }
  return { status: 'ready' as const, engine: engine.name, actionItems: notes.action_items.length, chapters: notes.chapters.length, mailed };
};
