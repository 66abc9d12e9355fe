/**
 * Wires the integrations context once per container from its configuration: the stores, the token cipher,
 * the state signer, the providers (base URLs and secrets from docs/integrations.md), the import starter.
 * Used by the users handler (§7 calls), the webhooks handler and the import task.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { signingKeyFromSecret } from '../auth/signing-key.js';
import { documentClient } from '../dynamodb/client.js';
import { createMinutesBalance } from '../dynamodb/meetings-accounts.js';
import { createMeetingsRepository } from '../dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../dynamodb/processing-repository.js';
import { createUsersRepository } from '../dynamodb/users-repository.js';
import { createSesMailer } from '../mail/ses-mailer.js';
import { sesClient } from '../mail/client.js';
import { cachedSecretString, secretsClient } from '../secrets/secret-value.js';
import { createProcessingStarter } from '../workflows/sfn-processing.js';
import { createUserDirectory } from '../dynamodb/meetings-accounts.js';
import { readConfig } from '../../config.js';
import { accessTokenFor } from '../../core/integrations/access-tokens.js';
import type { ConnectDeps, ServiceLifecycle } from '../../core/integrations/connect.js';
import { importExecutionName, type ImportDeps, type ImportRequest, type RecordingSource } from '../../core/integrations/import-recording.js';
import type { OAuthClient } from '../../core/integrations/ports.js';
import type { ProviderRecording } from '../../core/integrations/recordings.js';
import type { ServiceId } from '../../core/integrations/services.js';
import { shareMeetings } from '../../core/meetings/share.js';
import type { ProcessingState } from '../../core/pipeline/processing-status.js';
import { createConnectionStore, createImportRecords, createNonceStore, createUserFlags } from './dynamodb-store.js';
import { baseUrl, providerCredentials } from './provider-settings.js';
import { createImportStorage } from './s3-stream-upload.js';
import { createStateSigner } from './state-signer.js';
import { createTokenCipher } from './token-cipher.js';
import { toProviderRecording, zoomApi, zoomLifecycle, zoomOAuth } from './zoom.js';
import { webexApi, webexLifecycle, webexOAuth } from './webex.js';
import { basicOpsLifecycle, basicOpsOAuth } from './basicops.js';
import { createBasicOpsNotesSink } from './basicops-notes-sink.js';
import { todoistLifecycle, todoistOAuth } from './todoist.js';
import { createNotesDeliveryStore } from '../insights/notes-delivery-store.js';
import type { DeliveryDeps } from '../../core/integrations/deliver-notes.js';
import { createTodoistTaskSink } from './todoist-task-sink.js';

export type IntegrationsContext = ReturnType<typeof integrationsContext>;

let shared: ReturnType<typeof build> | undefined;

/** The container's one integrations context. Throws ConfigError naming missing variables. */
export function integrationsContext() {
  shared ??= build();
  return shared;
}

function build() {
  const config = readConfig([
    'TABLE_NAME', 'MEDIA_BUCKET', 'PUBLIC_APP_URL', 'AUTH_SECRET_ID', 'MAIL_FROM',
    'ZOOM_SECRET_ID', 'WEBEX_SECRET_ID', 'TODOIST_SECRET_ID', 'BASICOPS_SECRET_ID', 'INTEGRATIONS_KEY_SECRET_ID', 'IMPORT_RECORDING_STATE_MACHINE_ARN',
  ]);
  const appUrl = config.PUBLIC_APP_URL.replace(/\/+$/, '');
  const table = config.TABLE_NAME;
  const connections = createConnectionStore(documentClient, table);
  const cipher = createTokenCipher(cachedSecretString(secretsClient, config.INTEGRATIONS_KEY_SECRET_ID));
  const flags = createUserFlags(documentClient, table);
  const imports = createImportRecords(documentClient, table);
  const starter = createProcessingStarter(new SFNClient({}), config.IMPORT_RECORDING_STATE_MACHINE_ARN);
  const zoomCredentials = providerCredentials(config.ZOOM_SECRET_ID);
  const webexCredentials = providerCredentials(config.WEBEX_SECRET_ID);
  const zoomSettings = { oauthBase: baseUrl('ZOOM_OAUTH_BASE'), apiBase: baseUrl('ZOOM_API_BASE'), credentials: zoomCredentials };
  const webexSettings = { apiBase: baseUrl('WEBEX_API_BASE'), credentials: webexCredentials, webhookUrl: `${appUrl}/api/webhooks/webex/` };

  const signingKey = signingKeyFromSecret(config.AUTH_SECRET_ID);
  const signer = createStateSigner(signingKey);
  const todoistSettings = { oauthBase: baseUrl('TODOIST_OAUTH_BASE'), apiBase: baseUrl('TODOIST_API_BASE'), credentials: providerCredentials(config.TODOIST_SECRET_ID, { webhookSecret: false }) };
  const basicOpsSettings = {
    appBase: baseUrl('BASICOPS_APP_BASE'), apiBase: baseUrl('BASICOPS_API_BASE'), credentials: providerCredentials(config.BASICOPS_SECRET_ID, { webhookSecret: false }),
    verifierFor: (state: string) => signer.sign(`pkce.${state}`),
  };

  const oauthClients: Record<ServiceId, OAuthClient> = {
    zoom: zoomOAuth(zoomSettings), webex: webexOAuth(webexSettings), todoist: todoistOAuth(todoistSettings), basicops: basicOpsOAuth(basicOpsSettings),
  };
  const tokenDeps = { connections, cipher, flags, oauth: (s: ServiceId) => oauthClients[s], clock: Date.now };
  const token = (service: ServiceId) => (userId: string) => accessTokenFor(tokenDeps, userId, service);
  const zoom = zoomApi(zoomSettings, token('zoom'));
  const webex = webexApi(webexSettings, token('webex'));

  /** Starts the import run of one recording; a second start for the same recording is a no-op. */
  async function startImport(request: ImportRequest): Promise<'started' | 'already_started'> {
    return starter.start(importExecutionName(request.service, request.recordingId), request as unknown as Record<string, unknown>);
  }

  async function backfillZoom(userId: string): Promise<void> {
    for (const object of await zoom.listRecent(userId, Date.now())) {
      const hint: ProviderRecording = toProviderRecording(object);
      await startImport({ service: 'zoom', userId, recordingId: object.uuid, hint });
    }
  }

  const lifecycles: Record<ServiceId, ServiceLifecycle> = {
    zoom: zoomLifecycle(zoom, zoomSettings, backfillZoom), webex: webexLifecycle(webexSettings), todoist: todoistLifecycle(todoistSettings), basicops: basicOpsLifecycle(),
  };
  const sources: Partial<Record<ServiceId, RecordingSource>> = { zoom: zoom.source, webex: webex.source };

  /** A token source for a sink: the stored token, refreshed when the provider refuses it. */
  const tokenSource = (service: ServiceId, userId: string) => {
    let last: string | undefined;
    return {
      current: async () => (last = await accessTokenFor(tokenDeps, userId, service)),
      refresh: async () => (last = await accessTokenFor(tokenDeps, userId, service, last)),
    };
  };
  /** The user's Todoist inbox as a TaskSink (throws NotConnected / ReauthorizationRequired). */
  const taskSinkFor = async (userId: string) =>
    createTodoistTaskSink({ accessToken: await accessTokenFor(tokenDeps, userId, 'todoist'), baseUrl: todoistSettings.apiBase });
  /** The user's BasicOps account as a NotesSink. */
  const notesSinkFor = (userId: string) => createBasicOpsNotesSink({ baseUrl: basicOpsSettings.apiBase, tokens: tokenSource('basicops', userId) });

  const connect: ConnectDeps = {
    ...tokenDeps,
    signer,
    nonces: createNonceStore(documentClient, table),
    newNonce: () => randomBytes(18).toString('base64url'),
    lifecycle: (s) => lifecycles[s],
    redirectUri: `${appUrl}/home`,
  };

  const meetings = createMeetingsRepository(documentClient, table);
  const processing = createProcessingRepository(documentClient, table);
  const users = createUsersRepository(documentClient, table);
  const userDirectory = createUserDirectory(users);
  const mailer = createSesMailer(sesClient, config.MAIL_FROM);
  const importDeps: ImportDeps = {
    imports,
    storage: createImportStorage(new S3Client({}), config.MEDIA_BUCKET),
    source: (s) => {
      const source = sources[s];
      if (!source) throw new Error(`${s} is not a meeting service`);
      return source;
    },
    users: { async find(id) { const u = await users.findById(id); return u && { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() }; } },
    minutesLeft: (id) => createMinutesBalance(documentClient, table).minutesLeft(id),
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
    },
    async autoShare(userId, service) { return (await connections.find(userId, service))?.settings.autoShare === true; },
    async share(meetingId, hostUserId, emails) {
      const host = await users.findById(hostUserId);
      if (!host) return;
      await shareMeetings({ meetings, users: userDirectory, mailer, newId: randomUUID, appUrl },
        { userId: hostUserId, email: host.email }, { meeting_ids: [meetingId], attendees: emails.map((email) => ({ email })), message_string: '' } as never);
    },
    clock: Date.now,
    newId: randomUUID,
  };

  /** Notes out to Todoist and BasicOps (manual store and delivery when notes are ready). */
  const delivery: DeliveryDeps = {
    notes: createNotesDeliveryStore(documentClient, table), meetings, connections, taskSinkFor, notesSinkFor, appUrl,
    log: (message, extra) => console.error(message, extra ?? ''),
  };

  return { config, connect, imports, importDeps, startImport, connections, zoomCredentials, webexCredentials, sources, taskSinkFor, notesSinkFor, delivery };
}

/** How a failed import shows on the meeting: processing failed with the reason, nothing queued. */
function failedImportState(reason: string): ProcessingState {
  const now = new Date().toISOString();
  return {
    status: 'failed', step: null, percent: null, reason, uploadKey: '', uploadEtag: '', durationSeconds: null, speechSeconds: null,
    tooShort: false, minutesCharged: null, artefacts: { transcript: 'failed' }, updatedAt: now,
  };
}
