/**
 * Todoist (task service; docs/integrations.md, ../shared/design/third-party-apis.md §3) through the official
 * SDK: OAuth (authorize URL, code exchange, refresh when the app has refresh tokens, revocation on removal),
 * the account behind a token, and the TaskSink that stores action items in the inbox.
 */
import { getAuthToken, getAuthorizationUrl, refreshAuthToken, revokeToken, TodoistApi, TodoistRequestError, type AuthTokenResponse } from '@doist/todoist-sdk';
import type { ServiceLifecycle } from '../../core/integrations/connect.js';
import { InvalidGrant, ProviderError, type OAuthClient, type TokenSet } from '../../core/integrations/ports.js';
import type { ProviderCredentials } from './provider-settings.js';

export interface TodoistSettings {
  /** https://todoist.com (authorize, token, revoke) or the local Todoist server. */
  readonly oauthBase: string;
  /** https://api.todoist.com or the local Todoist server. */
  readonly apiBase: string;
  readonly credentials: () => Promise<ProviderCredentials>;
}

/** Todoist's classic tokens do not expire: kept as valid for a century, refreshed only when Todoist refuses them. */
const NO_EXPIRY_MS = 100 * 365 * 86_400_000;

function tokenSet(answer: AuthTokenResponse, now: number): TokenSet {
  return {
    accessToken: answer.accessToken, refreshToken: answer.refreshToken ?? '',
    expiresAt: now + (answer.expiresIn ? answer.expiresIn * 1000 : NO_EXPIRY_MS), scope: 'data:read_write',
  };
}

function refusal(error: unknown): never {
  if (error instanceof TodoistRequestError && error.httpStatusCode !== undefined && error.httpStatusCode >= 400 && error.httpStatusCode < 500) {
    throw new InvalidGrant(`Todoist refused the authorization (${error.httpStatusCode}).`);
  }
  throw new ProviderError(`Todoist token call failed: ${(error as Error).message}`, error instanceof TodoistRequestError ? error.httpStatusCode : undefined);
}

export function todoistOAuth(settings: TodoistSettings, now: () => number = Date.now): OAuthClient {
  return {
    async authorizeUrl({ state, scopes, loginHint }) {
      const url = new URL(getAuthorizationUrl({
        clientId: (await settings.credentials()).clientId, permissions: scopes as never, state, baseUrl: settings.oauthBase,
      }));
      // Todoist takes the redirect URI from the app's registration; login_hint lets the local server approve at once.
      if (loginHint) url.searchParams.set('login_hint', loginHint);
      return url.toString();
    },
    async exchangeCode(code) {
      const c = await settings.credentials();
      return getAuthToken({ clientId: c.clientId, clientSecret: c.clientSecret, code }, { baseUrl: settings.oauthBase })
        .then((answer) => tokenSet(answer, now()), refusal);
    },
    async refresh(refreshToken) {
      if (!refreshToken) throw new InvalidGrant('Todoist issued no refresh token: authorize again.');
      const c = await settings.credentials();
      return refreshAuthToken({ clientId: c.clientId, clientSecret: c.clientSecret, refreshToken }, { baseUrl: settings.oauthBase })
        .then((answer) => tokenSet(answer, now()), refusal);
    },
  };
}

export function todoistLifecycle(settings: TodoistSettings): ServiceLifecycle {
  return {
    async identity(accessToken) {
      const user = await new TodoistApi(accessToken, { baseUrl: settings.apiBase }).getUser()
        .catch((error: unknown) => { throw new ProviderError(`Todoist user lookup failed: ${(error as Error).message}`); });
      return { id: user.id, email: user.email };
    },
    async connected() { return { providerKeys: [] }; },
    async completed() { /* nothing to set up */ },
    async removed(_connection, accessToken) {
      if (!accessToken) return;
      const c = await settings.credentials();
      await revokeToken({ clientId: c.clientId, clientSecret: c.clientSecret, token: accessToken }, { baseUrl: settings.oauthBase });
    },
  };
}
