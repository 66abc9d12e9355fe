import { randomUUID } from 'node:crypto';
import { bearerAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createAccountNames, createUserDirectory } from '../../wiring/accounts.js';
import { minutesBalanceFromConfig } from '../../wiring/minutes.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../../adapters/dynamodb/processing-repository.js';
import { createPublicCallLimiter } from '../../adapters/dynamodb/public-call-limiter.js';
import { createRateLimits } from '../../adapters/dynamodb/rate-limits-repository.js';
import { createUsersRepository } from '../../adapters/dynamodb/users-repository.js';
import { createActionItemsStore, createLedgerMeetingRecords } from '../../adapters/insights/action-items-store.js';
import { createInsightsStore } from '../../adapters/insights/insights-store.js';
import { createNotesOutdatedMarker } from '../../adapters/insights/notes-outdated.js';
import { deliveryContext } from '../../wiring/integrations-delivery.js';
import { notesEngineFromConfig } from '../../adapters/insights/notes-engine.js';
import { logger } from '../../adapters/logging/logger.js';
import { sesClient } from '../../adapters/mail/client.js';
import { createSesMailer } from '../../adapters/mail/ses-mailer.js';
import { createSlidesStore } from '../../adapters/storage/slides-store.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { s3Client as s3 } from '../../adapters/storage/s3-client.js';
import { createRecordingStorage } from '../../adapters/storage/s3-recordings.js';
import { sfnClient } from '../../adapters/workflows/sfn-client.js';
import { createProcessingStarter } from '../../adapters/workflows/sfn-processing.js';
import { iceSettingsFromConfig } from '../../adapters/ice/ice-settings.js';
import { useLiteEmbedder } from '../../adapters/embeddings/use-lite.js';
import { createPassageIndex } from '../../adapters/passage-index/index.js';
import { createSearchIndex } from '../../adapters/search-index/index.js';
import { readConfig, readSearchIndexConfig } from '../../config.js';
import { indexMeetingPassages } from '../../core/ask/indexing.js';
import { withSearchIndexSync } from '../../core/search/index-sync.js';
import { indexSpokenWords } from '../../core/search/indexing.js';
import { createApiHandler } from '../http/router.js';
import { notesDeliveryRoutes } from '../integrations/notes-delivery-routes.js';
import { actionItemsRoutes } from './action-items-routes.js';
import { insightsRoutes } from './insights-routes.js';
import { roomRoutes } from './room-routes.js';
import { meetingRoutes } from './routes.js';
import { createTranscriptImports } from '../../adapters/dynamodb/transcript-imports-repository.js';
import { transcriptImportRoutes } from './transcript-import-routes.js';
import { transcriptRoutes } from './transcript-routes.js';
import { createNameChoicesStore } from '../../adapters/dynamodb/speaker-name-choices-repository.js';
import { createSpeakerNamesReader } from '../../adapters/dynamodb/speaker-names-reader.js';

const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PROCESS_MEETING_STATE_MACHINE_ARN', 'MAIL_FROM', 'PUBLIC_APP_URL']);

const searchIndex = createSearchIndex(readSearchIndexConfig());
const passageIndex = createPassageIndex(readSearchIndexConfig());
// Read-side adapters shared by the transcript and insights routes.
const meetings = createMeetingsRepository(documentClient, config.TABLE_NAME);
const files = createMediaBucket(config.MEDIA_BUCKET, s3);
const transcripts = createProcessingRepository(documentClient, config.TABLE_NAME);
const passagePorts = { meetings, transcripts, files, passages: passageIndex, embedder: useLiteEmbedder() };
const insights = createInsightsStore(documentClient, config.TABLE_NAME, files);
// Notes and sentiment are answered under the speakers' current names (core/speakers/named-reads.ts).
const speakerNames = async (meetingId: string) => (await transcripts.findTranscript(meetingId))?.speakerNames ?? {};
// /api/action_items/...: the action items ledger over the meetings' notes (docs/insights.md).
const actionItems = {
  meetings: { listAccess: meetings.listAccess, ...createLedgerMeetingRecords(documentClient, config.TABLE_NAME) },
  meetingAccess: meetings, items: createActionItemsStore(documentClient, config.TABLE_NAME),
  people: createUserDirectory(createUsersRepository(documentClient, config.TABLE_NAME)), clock: Date.now,
  speakerNames: createSpeakerNamesReader(documentClient, config.TABLE_NAME),
  // The host's Todoist closes or reopens the task of an item marked done or open (built on first use: settings of the integrations).
  tasks: { setDone: (userId: string, taskId: string, done: boolean) => deliveryContext().todoistTasks.setDone(userId, taskId, done) },
  log: (message: string, extra?: Record<string, unknown>) => logger.warn(message, extra ?? {}),
};
const transcriptPorts = {
  meetings, transcripts, files, clock: Date.now, nameChoices: createNameChoicesStore(documentClient, config.TABLE_NAME),
  notes: createNotesOutdatedMarker(documentClient, config.TABLE_NAME),
  spokenWords: {
    reindex: (meetingId: string, words: Parameters<typeof indexSpokenWords>[2]) => indexSpokenWords({ meetings, index: searchIndex }, meetingId, words),
  },
  // Ask is secondary to the edit itself: a failed re-index is logged (the next edit or processing redoes it).
  passages: { reindex: (meetingId: string) => indexMeetingPassages(passagePorts, meetingId)
    .catch((error: Error) => logger.error('Ask passages not re-indexed', { meetingId, error: error.message })) },
};
const processingStarter = createProcessingStarter(sfnClient, config.PROCESS_MEETING_STATE_MACHINE_ARN);
const importPorts = {
  meetings, transcripts, files, clock: Date.now, processing: processingStarter,
  storage: createRecordingStorage(s3, config.MEDIA_BUCKET), imports: createTranscriptImports(documentClient, config.TABLE_NAME),
};
const regenerate = {
  meetings, insights, transcripts, files, slides: createSlidesStore(files), engine: notesEngineFromConfig(), newId: randomUUID,
  limits: createRateLimits(documentClient, config.TABLE_NAME), clock: Date.now, log: logger,
};

/** /api/meetings/... and /api/notes/...: meetings, recordings, sharing and notes (spec §7 "Meetings"). */
export const handler = createApiHandler([
  ...notesDeliveryRoutes(deliveryContext),
  ...transcriptRoutes(transcriptPorts),
  ...transcriptImportRoutes(importPorts),
  ...insightsRoutes({ meetings, insights, pictures: files, speakerNames }, regenerate),
  ...roomRoutes({ iceSettings: iceSettingsFromConfig(), clock: Date.now }),
  ...meetingRoutes({
    // Meeting names and attendees follow every change into the search index.
    meetings: withSearchIndexSync(createMeetingsRepository(documentClient, config.TABLE_NAME), searchIndex, passageIndex, logger),
    storage: createRecordingStorage(s3, config.MEDIA_BUCKET),
    processing: processingStarter,
    minutes: minutesBalanceFromConfig(documentClient, config.TABLE_NAME),
    users: createUserDirectory(createUsersRepository(documentClient, config.TABLE_NAME)),
    accountNames: createAccountNames(createUsersRepository(documentClient, config.TABLE_NAME)),
    mailer: createSesMailer(sesClient, config.MAIL_FROM),
    clock: Date.now,
    newId: randomUUID,
    appUrl: config.PUBLIC_APP_URL,
    limits: createRateLimits(documentClient, config.TABLE_NAME),
  }),
  ...actionItemsRoutes(actionItems),
], { authenticator: bearerAuthenticator(), publicLimiter: createPublicCallLimiter(documentClient, config.TABLE_NAME) });
