/**
 * The notes step's ports (core/notes/notes-step.ts): the insight tasks' context with the notes engine, the transcript
 * record, the slides and chapters, and the "notes ready" mail. Apart from wiring/insights.ts so that the sentiment task
 * does not bundle the notes engine or the mailer.
 */
import { randomUUID } from 'node:crypto';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { createUsersRepository } from '../adapters/dynamodb/users-repository.js';
import { notesEngineFromConfig } from '../adapters/insights/notes-engine.js';
import { logger } from '../adapters/logging/logger.js';
import { sesClient } from '../adapters/mail/client.js';
import { createSesMailer } from '../adapters/mail/ses-mailer.js';
import { createSlidesStore } from '../adapters/storage/slides-store.js';
import { readOptionalConfig } from '../config.js';
import type { NotesStepPorts } from '../core/notes/notes-step.js';
import { insightsContext } from './insights.js';

export function notesStepPorts(): NotesStepPorts {
  const ctx = insightsContext();
  const transcripts = createTranscripts(ctx.documentClient, ctx.config.TABLE_NAME);
  const slides = createSlidesStore(ctx.files);
  // The notes do not depend on mail: without a sender or app URL configured, the mail step is skipped.
  const mail = readOptionalConfig(['MAIL_FROM', 'PUBLIC_APP_URL']);
  const notify = mail.MAIL_FROM && mail.PUBLIC_APP_URL ? {
    meetings: createMeetingsRepository(ctx.documentClient, ctx.config.TABLE_NAME),
    users: createUsersRepository(ctx.documentClient, ctx.config.TABLE_NAME),
    mailer: createSesMailer(sesClient, mail.MAIL_FROM),
    appUrl: mail.PUBLIC_APP_URL,
  } : undefined;
  return {
    transcripts, files: ctx.files, slides, insights: ctx.insights, engine: notesEngineFromConfig(), newId: randomUUID, log: logger,
    chapters: { transcripts, files: ctx.files, slides, notes: ctx.insights }, ...(notify ? { notify } : {}),
  };
}
