/**
 * The integrations context of the import task: provider downloads streamed into the media bucket, meetings and
 * their failed state, auto-share. Built once per container; throws ConfigError.
 */
import { randomUUID } from 'node:crypto';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createUserDirectory } from './accounts.js';
import { minutesBalanceFromConfig } from './minutes.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createProcessingStates } from '../adapters/dynamodb/processing-state-repository.js';
import { createUsersRepository } from '../adapters/dynamodb/users-repository.js';
import { sesClient } from '../adapters/mail/client.js';
import { createSesMailer } from '../adapters/mail/ses-mailer.js';
import { readConfig } from '../config.js';
import { createRateLimits } from '../adapters/dynamodb/rate-limits-repository.js';
import type { ImportDeps, RecordingSource } from '../core/integrations/import-recording.js';
import type { ServiceId } from '../core/integrations/services.js';
import { shareMeetings } from '../core/meetings/share.js';
import { queuedState, type ProcessingState } from '../core/pipeline/processing-status.js';
import { createImportRecords } from '../adapters/integrations/dynamodb-store.js';
import { providers } from './integration-providers.js';
import { s3Client } from '../adapters/storage/s3-client.js';
import { createImportStorage } from '../adapters/integrations/s3-stream-upload.js';
import { trackSpeech } from '../adapters/integrations/track-speech.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { artefactKeys } from '../core/pipeline/artefact-keys.js';
import { logger } from '../adapters/logging/logger.js';

export type ImportContext = ReturnType<typeof buildImport>;
let importShared: ImportContext | undefined;

/** The import task: provider downloads streamed into the media bucket, meetings, sharing. Throws ConfigError. */
export function importContext(): ImportContext {
  importShared ??= buildImport();
  return importShared;
}

function buildImport() {
  const config = readConfig(['TABLE_NAME', 'MEDIA_BUCKET', 'PUBLIC_APP_URL', 'MAIL_FROM', 'ZOOM_SECRET_ID', 'WEBEX_SECRET_ID', 'TODOIST_SECRET_ID',
    'BASICOPS_SECRET_ID', 'INTEGRATIONS_KEY_SECRET_ID']);
  const p = providers(config);
  const table = config.TABLE_NAME;
  const sources: Partial<Record<ServiceId, RecordingSource>> = { zoom: p.zoom.source, webex: p.webex.source };
  const imports = createImportRecords(documentClient, table);
  const meetings = createMeetingsRepository(documentClient, table);
  const processing = createProcessingStates(documentClient, table);
  const users = createUsersRepository(documentClient, table);
  const userDirectory = createUserDirectory(users);
  const mailer = createSesMailer(sesClient, config.MAIL_FROM);
  const minutes = minutesBalanceFromConfig(documentClient, table);
  const bucket = createMediaBucket(config.MEDIA_BUCKET);
  const sourceOf = (s: ServiceId) => {
    const source = sources[s];
    if (!source) throw new Error(`${s} is not a meeting service`);
    return source;
  };
  const importDeps: ImportDeps = {
    imports,
    storage: createImportStorage(s3Client, config.MEDIA_BUCKET),
    source: sourceOf,
    speakerCues: {
      trackSpeech: async (userId, service, file) => trackSpeech(await sourceOf(service).open(userId, file)),
      save: (meetingId, cues) => bucket.putJson(artefactKeys.speakerCues(meetingId), cues),
    },
    warn: (message, extra) => logger.warn(message, extra),
    users: { async find(id) { const u = await users.findById(id); return u && { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() }; } },
    minutesLeft: (id) => minutes.minutesLeft(id),
    meetings: {
      find: (id) => meetings.find(id),
      async createIfAbsent(meeting, host) {
        try {
          await meetings.create(meeting, host);
          return true;
        } catch (error) {
          if ((error as Error).name === 'TransactionCanceledException' && (await meetings.find(meeting.id))) return false;
          throw error;
        }
      },
      async markRecordingAvailable(id) { await meetings.update(id, { recordingAvailable: true }); },
      async markFailed(id, reason) { await processing.resetState(id, failedImportState(reason)); },
      async markImporting(id) { await processing.resetState(id, queuedState('', '', new Date().toISOString())); },
    },
    async autoShare(userId, service) { return (await p.connections.find(userId, service))?.settings.autoShare === true; },
    async share(meetingId, hostUserId, emails) {
      const host = await users.findById(hostUserId);
      if (!host) return;
      await shareMeetings({ meetings, users: userDirectory, mailer, newId: randomUUID, appUrl: p.appUrl, limits: createRateLimits(documentClient, table),
        clock: Date.now },
        { userId: hostUserId, email: host.email }, { meeting_ids: [meetingId], attendees: emails.map((email) => ({ email })), message_string: '' } as never);
    },
    clock: Date.now,
    newId: randomUUID,
  };
  return { config, imports, importDeps };
}

/** How a failed import shows on the meeting: processing failed with the reason, nothing queued. */
function failedImportState(reason: string): ProcessingState {
  const now = new Date().toISOString();
  return {
    status: 'failed', step: null, percent: null, reason, uploadKey: '', uploadEtag: '', durationSeconds: null, speechSeconds: null,
    tooShort: false, minutesCharged: null, artefacts: { transcript: 'failed' }, updatedAt: now,
  };
}
