/**
 * The integrations context of the users handler's §7 calls and of the webhooks: connections, OAuth state,
 * provider set-up, webhook secrets and starting imports. Built once per container; throws ConfigError.
 */
import { randomBytes } from 'node:crypto';
import { signingKeyFromSecret } from '../adapters/auth/signing-key.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { sfnClient } from '../adapters/workflows/sfn-client.js';
import { createProcessingStarter } from '../adapters/workflows/sfn-processing.js';
import { readConfig } from '../config.js';
import type { ConnectDeps, ServiceLifecycle } from '../core/integrations/connect.js';
import { importExecutionName, type ImportRequest } from '../core/integrations/import-recording.js';
import type { ProviderRecording } from '../core/integrations/recordings.js';
import type { ServiceId } from '../core/integrations/services.js';
import { createImportRecords, createNonceStore } from '../adapters/integrations/dynamodb-store.js';
import { providers } from './integration-providers.js';
import { createStateSigner } from '../adapters/integrations/state-signer.js';
import { toProviderRecording, zoomLifecycle } from '../adapters/integrations/zoom.js';
import { webexLifecycle } from '../adapters/integrations/webex.js';
import { basicOpsLifecycle } from '../adapters/integrations/basicops.js';
import { todoistLifecycle } from '../adapters/integrations/todoist.js';

export type ConnectContext = ReturnType<typeof buildConnect>;
let connectShared: ConnectContext | undefined;

/** The §7 calls and the webhooks: connections, OAuth, webhook secrets, starting imports. Throws ConfigError. */
export function connectContext(): ConnectContext {
  connectShared ??= buildConnect();
  return connectShared;
}

function buildConnect() {
  const config = readConfig([
    'TABLE_NAME', 'PUBLIC_APP_URL', 'AUTH_SECRET_ID', 'ZOOM_SECRET_ID', 'WEBEX_SECRET_ID', 'TODOIST_SECRET_ID', 'BASICOPS_SECRET_ID',
    'INTEGRATIONS_KEY_SECRET_ID', 'IMPORT_RECORDING_STATE_MACHINE_ARN',
  ]);
  const signer = createStateSigner(signingKeyFromSecret(config.AUTH_SECRET_ID));
  // BasicOps' PKCE verifier is a keyed function of the authorization's signed state: nothing to store in between.
  const p = providers(config, (state) => signer.sign(`pkce.${state}`));
  const starter = createProcessingStarter(sfnClient, config.IMPORT_RECORDING_STATE_MACHINE_ARN);

  /** Starts the import run of one recording; a second start for the same recording is a no-op. */
  async function startImport(request: ImportRequest): Promise<'started' | 'already_started'> {
    return starter.start(importExecutionName(request.service, request.recordingId), request as unknown as Record<string, unknown>);
  }

  async function backfillZoom(userId: string): Promise<void> {
    for (const object of await p.zoom.listRecent(userId, Date.now())) {
      const hint: ProviderRecording = toProviderRecording(object);
      await startImport({ service: 'zoom', userId, recordingId: object.uuid, hint });
    }
  }

  const lifecycles: Record<ServiceId, ServiceLifecycle> = {
    zoom: zoomLifecycle(p.zoom, p.zoomSettings, backfillZoom), webex: webexLifecycle(p.webexSettings),
    todoist: todoistLifecycle(p.todoistSettings), basicops: basicOpsLifecycle(),
  };
  const connect: ConnectDeps = {
    ...p.tokenDeps,
    signer,
    nonces: createNonceStore(documentClient, config.TABLE_NAME),
    newNonce: () => randomBytes(18).toString('base64url'),
    lifecycle: (s) => lifecycles[s],
    redirectUri: `${p.appUrl}/home`,
  };
  return {
    config, connect, startImport, connections: p.connections, imports: createImportRecords(documentClient, config.TABLE_NAME),
    zoomCredentials: p.zoomCredentials, webexCredentials: p.webexCredentials, notesSinkFor: p.notesSinkFor,
  };
}

