/**
 * BasicOps (notes/CRM service; docs/integrations.md, ../shared/design/third-party-apis.md §4): OAuth 2.0 with
 * PKCE (S256). The code verifier is derived from the signed state of the authorization (HMAC under the
 * server's key), so nothing has to be stored between the authorize redirect and the code exchange.
 */
import { createHash } from 'node:crypto';
import type { ServiceLifecycle } from '../../core/integrations/connect.js';
import type { OAuthClient } from '../../core/integrations/ports.js';
import { tokenRequest } from './http.js';
import type { ProviderCredentials } from './provider-settings.js';

export interface BasicOpsSettings {
  /** https://app.basicops.com (authorize page) or the local BasicOps server. */
  readonly appBase: string;
  /** https://api.basicops.com (token endpoint and REST /v1) or the local BasicOps server. */
  readonly apiBase: string;
  readonly credentials: () => Promise<ProviderCredentials>;
  /** The PKCE code verifier of one authorization (43+ characters of base64url), a pure function of its state. */
  readonly verifierFor: (state: string) => Promise<string>;
}

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function basicOpsOAuth(settings: BasicOpsSettings, now: () => number = Date.now): OAuthClient {
  const token = async (fields: Record<string, string>) => {
    const c = await settings.credentials();
    return tokenRequest(`${settings.apiBase}/oauth/token`, new URLSearchParams({ ...fields, client_id: c.clientId, client_secret: c.clientSecret }), {}, now());
  };
  return {
    async authorizeUrl({ redirectUri, state, scopes, loginHint }) {
      const url = new URL(`${settings.appBase}/oauth/auth`);
      url.search = new URLSearchParams({
        client_id: (await settings.credentials()).clientId, response_type: 'code', redirect_uri: redirectUri, scope: scopes.join(' '), state,
        code_challenge: pkceChallenge(await settings.verifierFor(state)), code_challenge_method: 'S256',
        ...(loginHint ? { login_hint: loginHint } : {}),
      }).toString();
      return url.toString();
    },
    async exchangeCode(code, redirectUri, state) {
      return token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: await settings.verifierFor(state) });
    },
    refresh: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  };
}

/** BasicOps has no confirmed "who am I" call; the connection is checked by listing projects when notes are stored. */
export function basicOpsLifecycle(): ServiceLifecycle {
  return {
    async identity() { return { id: '', email: '' }; },
    async connected() { return { providerKeys: [] }; },
    async completed() { /* nothing to set up */ },
    async removed() { /* BasicOps documents no revocation call */ },
  };
}
