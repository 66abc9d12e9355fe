/**
 * The Meetings function's context (/api/meetings/..., /api/notes/..., /api/action_items/...: meetings, recordings,
 * sharing, transcripts, notes, the room's ICE servers and the action items ledger), built once per container when the
 * handler module loads. The notes' delivery and the Todoist tasks use the integrations' context, built on first use
 * (functions/wiring/integrations-delivery.ts). Throws ConfigError.
 */
import { randomUUID } from 'node:crypto';
import { bearerAuthenticator } from '../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../adapters/dynamodb/processing-repository.js';
import { createPublicCallLimiter } from '../adapters/dynamodb/public-call-limiter.js';
import { createRateLimits } from '../adapters/dynamodb/rate-limits-repository.js';
import { createNameChoicesStore } from '../adapters/dynamodb/speaker-name-choices-repository.js';
import { createSpeakerNamesReader } from '../adapters/dynamodb/speaker-names-reader.js';
import { createTranscriptImports } from '../adapters/dynamodb/transcript-imports-repository.js';
import { createUsersRepository } from '../adapters/dynamodb/users-repository.js';
import { useLiteEmbedder } from '../adapters/embeddings/use-lite.js';
import { iceSettingsFromConfig } from '../adapters/ice/ice-settings.js';
import { createActionItemsStore, createLedgerMeetingRecords } from '../adapters/insights/action-items-store.js';
import { createInsightsStore } from '../adapters/insights/insights-store.js';
import { notesEngineFromConfig } from '../adapters/insights/notes-engine.js';
import { createNotesOutdatedMarker } from '../adapters/insights/notes-outdated.js';
import { logger } from '../adapters/logging/logger.js';
import { sesClient } from '../adapters/mail/client.js';
import { createSesMailer } from '../adapters/mail/ses-mailer.js';
import { createPassageIndex } from '../adapters/passage-index/index.js';
import { createSearchIndex } from '../adapters/search-index/index.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { s3Client as s3 } from '../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../adapters/storage/s3-recordings.js';
import { createSlidesStore } from '../adapters/storage/slides-store.js';
import { sfnClient } from '../adapters/workflows/sfn-client.js';
import { createProcessingStarter } from '../adapters/workflows/sfn-processing.js';
import { readConfig, readSearchIndexConfig } from '../config.js';
import { indexMeetingPassages } from '../core/ask/indexing.js';
import { withSearchIndexSync } from '../core/search/index-sync.js';
import { indexSpokenWords } from '../core/search/indexing.js';
import { createAccountNames, createUserDirectory } from './accounts.js';
import { deliveryContext } from './integrations-delivery.js';
import { minutesBalanceFromConfig } from './minutes.js';

export { deliveryContext } from './integrations-delivery.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PROCESS_MEETING_STATE_MACHINE_ARN', 'MAIL_FROM', 'PUBLIC_APP_URL']);

const searchIndex = createSearchIndex(readSearchIndexConfig());
const passageIndex = createPassageIndex(readSearchIndexConfig());
// Read-side adapters shared by the transcript and insights routes.
const meetings = createMeetingsRepository(documentClient, config.TABLE_NAME);
const files = createMediaBucket(config.MEDIA_BUCKET, s3);
const transcripts = createProcessingRepository(documentClient, config.TABLE_NAME);
const passagePorts = { meetings, transcripts, files, passages: passageIndex, embedder: useLiteEmbedder() };
const insights = createInsightsStore(documentClient, config.TABLE_NAME, files);
const processingStarter = createProcessingStarter(sfnClient, config.PROCESS_MEETING_STATE_MACHINE_ARN);
const users = createUsersRepository(documentClient, config.TABLE_NAME);

/** /api/action_items/...: the action items ledger over the meetings' notes (docs/insights.md). */
export const actionItemsContext = {
  meetings: { listAccess: meetings.listAccess, ...createLedgerMeetingRecords(documentClient, config.TABLE_NAME) },
  meetingAccess: meetings, items: createActionItemsStore(documentClient, config.TABLE_NAME),
  people: createUserDirectory(users), clock: Date.now,
  speakerNames: createSpeakerNamesReader(documentClient, config.TABLE_NAME),
  // The host's Todoist closes or reopens the task of an item marked done or open (built on first use: settings of the integrations).
  tasks: { setDone: (userId: string, taskId: string, done: boolean) => deliveryContext().todoistTasks.setDone(userId, taskId, done) },
  log: (message: string, extra?: Record<string, unknown>) => logger.warn(message, extra ?? {}),
};

/** The transcript's reads and edits (corrections, speaker names), which re-index the spoken words and Ask's passages. */
export const transcriptContext = {
  meetings, transcripts, files, clock: Date.now, nameChoices: createNameChoicesStore(documentClient, config.TABLE_NAME),
  notes: createNotesOutdatedMarker(documentClient, config.TABLE_NAME),
  spokenWords: {
    reindex: (meetingId: string, words: Parameters<typeof indexSpokenWords>[2]) => indexSpokenWords({ meetings, index: searchIndex }, meetingId, words),
  },
  // Ask is secondary to the edit itself: a failed re-index is logged (the next edit or processing redoes it).
  passages: { reindex: (meetingId: string) => indexMeetingPassages(passagePorts, meetingId)
    .catch((error: Error) => logger.error('Ask passages not re-indexed', { meetingId, error: error.message })) },
};

/** A transcript file imported in place of a recording. */
export const transcriptImportContext = {
  meetings, transcripts, files, clock: Date.now, processing: processingStarter,
  storage: createRecordingStorage(s3, config.MEDIA_BUCKET), imports: createTranscriptImports(documentClient, config.TABLE_NAME),
};

/** The notes and sentiment reads, answered under the speakers' current names (core/speakers/named-reads.ts). */
export const insightsContext = {
  meetings, insights, pictures: files,
  speakerNames: async (meetingId: string) => (await transcripts.findTranscript(meetingId))?.speakerNames ?? {},
};

/** Notes drafted again on the host's request. */
export const regenerateContext = {
  meetings, insights, transcripts, files, slides: createSlidesStore(files), engine: notesEngineFromConfig(), newId: randomUUID,
  limits: createRateLimits(documentClient, config.TABLE_NAME), clock: Date.now, log: logger,
};

/** The room's ICE servers. */
export const roomContext = { iceSettings: iceSettingsFromConfig(), clock: Date.now };

/** Meetings, recordings and sharing (spec §7 "Meetings"). */
export const meetingsContext = {
  // Meeting names and attendees follow every change into the search index.
  meetings: withSearchIndexSync(createMeetingsRepository(documentClient, config.TABLE_NAME), searchIndex, passageIndex, logger),
  storage: createRecordingStorage(s3, config.MEDIA_BUCKET),
  processing: processingStarter,
  minutes: minutesBalanceFromConfig(documentClient, config.TABLE_NAME),
  users: createUserDirectory(users),
  accountNames: createAccountNames(users),
  mailer: createSesMailer(sesClient, config.MAIL_FROM),
  clock: Date.now,
  newId: randomUUID,
  appUrl: config.PUBLIC_APP_URL,
  limits: createRateLimits(documentClient, config.TABLE_NAME),
};

/** The bearer token check of the function's calls. */
export const meetingsAuthenticator = bearerAuthenticator();

/** The limiter of the function's public calls (a guest's ICE servers for the live room). */
export const meetingsPublicLimiter = createPublicCallLimiter(documentClient, config.TABLE_NAME);
