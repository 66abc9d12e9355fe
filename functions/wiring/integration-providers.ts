/**
 * Token access and provider APIs of the integrations context (base URLs and secrets per docs/integrations.md),
 * shared by wiring/integrations.ts (users handler, webhooks) and wiring/integrations-import.ts (the import task).
 */
import { cachedSecretString, secretsClient } from '../adapters/secrets/secret-value.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { accessTokenFor } from '../core/integrations/access-tokens.js';
import type { OAuthClient } from '../core/integrations/ports.js';
import type { ServiceId } from '../core/integrations/services.js';
import { createConnectionStore, createUserFlags } from '../adapters/integrations/dynamodb-store.js';
import { baseUrl, providerCredentials } from '../adapters/integrations/provider-settings.js';
import { createTokenCipher } from '../adapters/integrations/token-cipher.js';
import { zoomApi, zoomOAuth } from '../adapters/integrations/zoom.js';
import { webexApi, webexOAuth } from '../adapters/integrations/webex.js';
import { basicOpsOAuth } from '../adapters/integrations/basicops.js';
import { createBasicOpsNotesSink } from '../adapters/integrations/basicops-notes-sink.js';
import { todoistOAuth } from '../adapters/integrations/todoist.js';
import { createTodoistTaskSink, setTodoistTaskDone } from '../adapters/integrations/todoist-task-sink.js';

export interface ProviderConfig {
  TABLE_NAME: string; PUBLIC_APP_URL: string; INTEGRATIONS_KEY_SECRET_ID: string;
  ZOOM_SECRET_ID: string; WEBEX_SECRET_ID: string; TODOIST_SECRET_ID: string; BASICOPS_SECRET_ID: string;
}

const noVerifier = async (): Promise<string> => { throw new Error('A BasicOps authorization needs the PKCE verifier of the connect context.'); };

/**
 * Token access and provider APIs, shared by the contexts. `pkceVerifier` (BasicOps' code verifier of one
 * authorization, from its signed state) is needed only where authorizations start and finish: wiring/integrations.ts.
 */
export function providers(config: ProviderConfig, pkceVerifier: (state: string) => Promise<string> = noVerifier) {
  const appUrl = config.PUBLIC_APP_URL.replace(/\/+$/, '');
  const connections = createConnectionStore(documentClient, config.TABLE_NAME);
  const cipher = createTokenCipher(cachedSecretString(secretsClient, config.INTEGRATIONS_KEY_SECRET_ID));
  const flags = createUserFlags(documentClient, config.TABLE_NAME);
  const zoomCredentials = providerCredentials(config.ZOOM_SECRET_ID);
  const webexCredentials = providerCredentials(config.WEBEX_SECRET_ID);
  const zoomSettings = { oauthBase: baseUrl('ZOOM_OAUTH_BASE'), apiBase: baseUrl('ZOOM_API_BASE'), credentials: zoomCredentials };
  const webexSettings = { apiBase: baseUrl('WEBEX_API_BASE'), credentials: webexCredentials, webhookUrl: `${appUrl}/api/webhooks/webex/` };
  const todoistSettings = { oauthBase: baseUrl('TODOIST_OAUTH_BASE'), apiBase: baseUrl('TODOIST_API_BASE'),
    credentials: providerCredentials(config.TODOIST_SECRET_ID, { webhookSecret: false }) };
  const basicOpsSettings = {
    appBase: baseUrl('BASICOPS_APP_BASE'), apiBase: baseUrl('BASICOPS_API_BASE'),
    credentials: providerCredentials(config.BASICOPS_SECRET_ID, { webhookSecret: false }), verifierFor: pkceVerifier,
  };
  const oauthClients: Record<ServiceId, OAuthClient> = {
    zoom: zoomOAuth(zoomSettings), webex: webexOAuth(webexSettings), todoist: todoistOAuth(todoistSettings), basicops: basicOpsOAuth(basicOpsSettings),
  };
  const tokenDeps = { connections, cipher, flags, oauth: (s: ServiceId) => oauthClients[s], clock: Date.now };
  const token = (service: ServiceId) => (userId: string) => accessTokenFor(tokenDeps, userId, service);
  const zoom = zoomApi(zoomSettings, token('zoom'));
  const webex = webexApi(webexSettings, token('webex'));

  /** The user's Todoist inbox as a TaskSink (throws NotConnected / ReauthorizationRequired). */
  const taskSinkFor = async (userId: string) => createTodoistTaskSink({ accessToken: await token('todoist')(userId), baseUrl: todoistSettings.apiBase });
  /** Closes or reopens a task in the user's Todoist (an action item marked done or open in MeetScribe). */
  const todoistTasks = {
    setDone: async (userId: string, taskId: string, done: boolean) =>
      setTodoistTaskDone({ accessToken: await token('todoist')(userId), baseUrl: todoistSettings.apiBase }, taskId, done),
  };
  /** The user's BasicOps account as a NotesSink: the stored token, refreshed when BasicOps refuses it. */
  const notesSinkFor = (userId: string) => {
    let last: string | undefined;
    return createBasicOpsNotesSink({
      baseUrl: basicOpsSettings.apiBase,
      tokens: {
        current: async () => (last = await accessTokenFor(tokenDeps, userId, 'basicops')),
        refresh: async () => (last = await accessTokenFor(tokenDeps, userId, 'basicops', last)),
      },
    });
  };
  return { appUrl, connections, tokenDeps, zoom, webex, zoomSettings, webexSettings, todoistSettings, zoomCredentials, webexCredentials, taskSinkFor,
    todoistTasks, notesSinkFor };
}

