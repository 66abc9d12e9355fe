/**
 * Token access and provider APIs of the integrations context (base URLs and secrets per docs/integrations.md),
 * shared by connect-context.ts (users handler, webhooks) and import-context.ts (the import task).
 */
import { cachedSecretString, secretsClient } from '../secrets/secret-value.js';
import { documentClient } from '../dynamodb/client.js';
import { accessTokenFor } from '../../core/integrations/access-tokens.js';
import type { OAuthClient } from '../../core/integrations/ports.js';
import type { ServiceId } from '../../core/integrations/services.js';
import { createConnectionStore, createUserFlags } from './dynamodb-store.js';
import { baseUrl, providerCredentials } from './provider-settings.js';
import { createTokenCipher } from './token-cipher.js';
import { zoomApi, zoomOAuth } from './zoom.js';
import { webexApi, webexOAuth } from './webex.js';

export /** Token access and provider APIs, shared by both contexts below. */
function providers(config: { TABLE_NAME: string; PUBLIC_APP_URL: string; ZOOM_SECRET_ID: string; WEBEX_SECRET_ID: string; INTEGRATIONS_KEY_SECRET_ID: string }) {
  const appUrl = config.PUBLIC_APP_URL.replace(/\/+$/, '');
  const connections = createConnectionStore(documentClient, config.TABLE_NAME);
  const cipher = createTokenCipher(cachedSecretString(secretsClient, config.INTEGRATIONS_KEY_SECRET_ID));
  const flags = createUserFlags(documentClient, config.TABLE_NAME);
  const zoomCredentials = providerCredentials(config.ZOOM_SECRET_ID);
  const webexCredentials = providerCredentials(config.WEBEX_SECRET_ID);
  const zoomSettings = { oauthBase: baseUrl('ZOOM_OAUTH_BASE'), apiBase: baseUrl('ZOOM_API_BASE'), credentials: zoomCredentials };
  const webexSettings = { apiBase: baseUrl('WEBEX_API_BASE'), credentials: webexCredentials, webhookUrl: `${appUrl}/api/webhooks/webex/` };
  const oauthClients: Record<ServiceId, OAuthClient> = { zoom: zoomOAuth(zoomSettings), webex: webexOAuth(webexSettings) };
  const tokenDeps = { connections, cipher, flags, oauth: (s: ServiceId) => oauthClients[s], clock: Date.now };
  const token = (service: ServiceId) => (userId: string) => accessTokenFor(tokenDeps, userId, service);
  const zoom = zoomApi(zoomSettings, token('zoom'));
  const webex = webexApi(webexSettings, token('webex'));
  return { appUrl, connections, tokenDeps, zoom, webex, zoomSettings, webexSettings, zoomCredentials, webexCredentials };
}

