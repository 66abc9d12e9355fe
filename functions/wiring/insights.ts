import { randomUUID } from 'node:crypto';
import { readConfig, readOptionalConfig } from '../config.js';
import { splitSentences } from '../core/insights/sentences.js';
import { turnsOf, type Sentence } from '../core/insights/transcript.js';
import { artefactKeys } from '../core/pipeline/artefact-keys.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { createInsightsStore } from '../adapters/insights/insights-store.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createTranscripts } from '../adapters/dynamodb/transcripts-repository.js';
import { createUsersRepository } from '../adapters/dynamodb/users-repository.js';
import { notesEngineFromConfig } from '../adapters/insights/notes-engine.js';
import { logger } from '../adapters/logging/logger.js';
import { sesClient } from '../adapters/mail/client.js';
import { createSesMailer } from '../adapters/mail/ses-mailer.js';
import { createSlidesStore } from '../adapters/storage/slides-store.js';
import type { NotesStepPorts } from '../core/notes/notes-step.js';

/** The input the insight tasks read from the state: the run's meeting and BuildTranscript's result. */
export interface InsightTaskInput {
  readonly meetingId: string;
  readonly artefacts?: { readonly transcript?: { readonly jsonKey?: string } };
}

/** Adapters of the insight tasks (sentiment, notes), created once per container (Comprehend's client lives with the sentiment task). */
export function insightsContext() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET']);
  const files = createMediaBucket(config.MEDIA_BUCKET);
  return {
    config,
    documentClient,
    insights: createInsightsStore(documentClient, config.TABLE_NAME, files),
    files,
    /** The transcript's sentences, its duration and the document they come from. Throws InvalidTranscript or the SDK's NoSuchKey. */
    async readSentences(input: InsightTaskInput): Promise<{ sentences: Sentence[]; durationSeconds: number | undefined; document: unknown }> {
      // Where BuildTranscript writes the transcript when the state does not say.
      const key = input.artefacts?.transcript?.jsonKey ?? artefactKeys.transcript(input.meetingId);
      const document = await files.getJson<{ durationSeconds?: number | null }>(key);
      return { sentences: splitSentences(turnsOf(document)), durationSeconds: document.durationSeconds ?? undefined, document };
    },
  };
}

/** The notes step's ports (core/notes/notes-step.ts): the notes engine, the transcript, slides and chapters, the "notes ready" mail. */
export function notesStepPorts(ctx = insightsContext()): NotesStepPorts {
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
