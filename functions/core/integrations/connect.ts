/**
 * The integration calls of spec §7 for the meeting services: authorization URL, code exchange, provider user,
 * authorization completed, reauthorization requested, Webex settings, removal. Each answers with the
 * caller's §3 flags of that service so the SPA can update its state from the reply.
 */
import type { AuthorizationUrl } from '../../contracts/integrations.js';
import type { Principal } from '../auth/principal.js';
import { NotFound, ValidationFailed } from '../errors.js';
import { accessTokenFor, sealTokens, type AccessTokenDeps, ReauthorizationRequired } from './access-tokens.js';
import { issueState, redeemState, type NonceStore, type StateSigner } from './oauth-state.js';
import { InvalidGrant, type Connection, type ConnectionSettings, type ProviderIdentity } from './ports.js';
import { SERVICES, type ServiceId } from './services.js';

/** Who asks: the authenticated principal (core/auth/principal.ts). */
export type Caller = Principal;

/** What each provider does beyond OAuth when a user connects, changes settings or disconnects. */
export interface ServiceLifecycle {
  identity(accessToken: string): Promise<ProviderIdentity>;
  /** Key under which webhooks name this user (Zoom: user id; Webex: the webhook id set up here). */
  connected(userId: string, accessToken: string, identity: ProviderIdentity): Promise<{ webhookId?: string; providerKeys: string[] }>;
  /** Runs after the SPA reports the authorization complete (Zoom: the 30-day backfill). */
  completed(userId: string): Promise<void>;
  /**
   * Best effort: undo provider-side set-up (Webex: the webhook) and, with `revoke`, revoke the authorization at the
   * provider where its API allows (Zoom: POST /oauth/revoke). A reconnect of the same provider account does not revoke
   * (Zoom's revoke uninstalls the app for that account, the new tokens included).
   */
  removed(connection: Connection, accessToken: string | undefined, options: { readonly revoke: boolean }): Promise<void>;
  applySettings?(accessToken: string, settings: ConnectionSettings): Promise<void>;
}

export interface ConnectDeps extends AccessTokenDeps {
  readonly signer: StateSigner;
  readonly nonces: NonceStore;
  readonly newNonce: () => string;
  readonly lifecycle: (service: ServiceId) => ServiceLifecycle;
  /** Our redirect URI: `{app}/home` (spec §4). */
  readonly redirectUri: string;
}

export const INTEGRATION_MESSAGES = {
  codeRequired: 'authorization_code is required.',
  codeRefused: 'invalid_grant',
} as const;

const nowSeconds = (deps: ConnectDeps) => Math.floor(deps.clock() / 1000);

function ownId(caller: Caller, id: string) {
  if (caller.userId !== id) throw new NotFound();
}

/** The §3 flags of one service for the caller, from the connection. */
export async function serviceFlags(deps: Pick<ConnectDeps, 'connections'>, userId: string, service: ServiceId) {
  const c = await deps.connections.find(userId, service);
  const s = SERVICES[service];
  const base = { [s.integratedFlag]: Boolean(c), [s.tokenFlag]: Boolean(c?.sealedTokens && !c.needsReauthorization) };
  if (service === 'webex') return { ...base, webex_auto_share_on: c?.settings.autoShare ?? false, webex_auto_record_on: c?.settings.autoRecord ?? false };
  if (service === 'todoist') return { ...base, todoist_auto_store_to_inbox: c?.settings.autoStoreToInbox ?? false };
  return base;
}

/**
 * Writes the service's flags on the user record with `{service}_account`, the connected account's e-mail as the
 * provider named it (null when not connected, or when the provider names none: BasicOps), which the User view shows
 * beside the §3 flags; answers the flags alone (the §7 answers).
 */
async function syncFlags(deps: ConnectDeps, userId: string, service: ServiceId) {
  const flags = await serviceFlags(deps, userId, service);
  const account = (await deps.connections.find(userId, service))?.provider?.email || null;
  await deps.flags.set(userId, { ...flags, [`${service}_account`]: account });
  return flags;
}

export async function authorizationUrl(deps: ConnectDeps, caller: Caller, service: ServiceId): Promise<AuthorizationUrl> {
  const state = await issueState({ ...deps, nowSeconds: () => nowSeconds(deps) }, service, caller.userId);
  return {
    authorization_url: await deps.oauth(service).authorizeUrl({
      redirectUri: deps.redirectUri, state, scopes: SERVICES[service].scopes, loginHint: caller.email,
    }),
  };
}

/**
 * Exchanges the code for tokens after checking the state, stores them sealed, links the provider account
 * and runs the provider's set-up. Throws ValidationFailed (400; `invalid_grant` when the provider refuses the code).
 */
export async function exchangeCode(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId, code: string | undefined, state: string | undefined) {
  ownId(caller, id);
  if (!code?.trim()) throw new ValidationFailed({ authorization_code: [INTEGRATION_MESSAGES.codeRequired] });
  await redeemState({ ...deps, nowSeconds: () => nowSeconds(deps) }, service, caller.userId, state);
  let tokens;
  try {
    tokens = await deps.oauth(service).exchangeCode(code.trim(), deps.redirectUri, state!);
  } catch (error) {
    if (error instanceof InvalidGrant) throw new ValidationFailed({ error: [INTEGRATION_MESSAGES.codeRefused] });
    throw error;
  }
  const lifecycle = deps.lifecycle(service);
  const identity = await lifecycle.identity(tokens.accessToken);
  const previous = await deps.connections.find(caller.userId, service);
  if (previous) await undoPrevious(deps, previous, previous.provider?.id !== identity.id);
  const connection: Connection = {
    userId: caller.userId, service, sealedTokens: await sealTokens(deps.cipher, tokens),
    tokenVersion: (previous?.tokenVersion ?? 0) + 1, needsReauthorization: false, provider: identity,
    settings: previous?.settings ?? { autoShare: false, autoRecord: false },
    connectedAt: new Date(deps.clock()).toISOString(),
  };
  await deps.connections.put(connection);
  const setUp = await lifecycle.connected(caller.userId, tokens.accessToken, identity);
  for (const key of setUp.providerKeys) await deps.connections.link(service, key, caller.userId);
  if (setUp.webhookId) await deps.connections.update(caller.userId, service, { webhookId: setUp.webhookId });
  return syncFlags(deps, caller.userId, service);
}

/** `…_user/`: re-reads the provider account with the stored token and keeps it. Throws NotFound when not connected. */
export async function storeProviderUser(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId) {
  ownId(caller, id);
  const token = await usableToken(deps, caller.userId, service);
  const identity = await deps.lifecycle(service).identity(token);
  await deps.connections.update(caller.userId, service, { provider: identity });
  await deps.connections.link(service, identity.id, caller.userId);
  return { ...(await syncFlags(deps, caller.userId, service)), [`${service}_user_id`]: identity.id, [`${service}_email`]: identity.email };
}

/** `z_authorization_last_completed/`: records the time and starts what follows a connection (Zoom: backfill). */
export async function authorizationCompleted(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId) {
  ownId(caller, id);
  if (!(await deps.connections.find(caller.userId, service))) throw new NotFound(`${SERVICES[service].title} is not connected.`);
  await deps.connections.update(caller.userId, service, { lastAuthorizationCompletedAt: new Date(deps.clock()).toISOString() });
  await deps.lifecycle(service).completed(caller.userId);
  return syncFlags(deps, caller.userId, service);
}

/** `w_reauthorization_requested/`: answers whether the stored authorization still works (refreshing if due). */
export async function reauthorizationRequested(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId) {
  ownId(caller, id);
  try {
    await accessTokenFor(deps, caller.userId, service);
  } catch (error) {
    if (!(error instanceof ReauthorizationRequired) && (error as Error).name !== 'NotConnected') throw error;
  }
  return syncFlags(deps, caller.userId, service);
}

/** `w_user_settings/` {auto_share, auto_record}: applied at the provider first, then stored. */
export async function updateServiceSettings(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId, change: Partial<ConnectionSettings>) {
  ownId(caller, id);
  const connection = await deps.connections.find(caller.userId, service);
  if (!connection) throw new NotFound(`${SERVICES[service].title} is not connected.`);
  const settings = { ...connection.settings, ...change };
  const lifecycle = deps.lifecycle(service);
  if (lifecycle.applySettings && change.autoRecord !== undefined && change.autoRecord !== connection.settings.autoRecord) {
    await lifecycle.applySettings(await usableToken(deps, caller.userId, service), settings);
  }
  await deps.connections.update(caller.userId, service, { settings });
  return syncFlags(deps, caller.userId, service);
}

/** Removal: provider set-up undone (best effort), tokens and links deleted, flags cleared. */
export async function removeIntegration(deps: ConnectDeps, caller: Caller, id: string, service: ServiceId) {
  ownId(caller, id);
  await disconnect(deps, caller.userId, service);
  return syncFlags(deps, caller.userId, service);
}

/** Deletes a user's connection and its links, revoking at the provider (also on Zoom's app_deauthorized). */
export async function disconnect(deps: ConnectDeps, userId: string, service: ServiceId): Promise<void> {
  const connection = await deps.connections.find(userId, service);
  if (!connection) return;
  await undoPrevious(deps, connection, true);
  await deps.connections.remove(userId, service);
  await syncFlags(deps, userId, service);
}

/**
 * Undoes what an earlier connection set up, before a new authorization replaces it or on removal: its webhook at
 * the provider (best effort), its tokens (revoked where the provider allows, when `revoke`), and every link from its
 * provider account and webhook to this user, so the old account's recordings stop importing into this user.
 */
async function undoPrevious(deps: ConnectDeps, connection: Connection, revoke: boolean): Promise<void> {
  const token = await accessTokenFor(deps, connection.userId, connection.service).catch(() => undefined);
  await deps.lifecycle(connection.service).removed(connection, token, { revoke }).catch(() => undefined);
  if (connection.provider) await deps.connections.unlink(connection.service, connection.provider.id, connection.userId);
  if (connection.webhookId) await deps.connections.unlink(connection.service, connection.webhookId, connection.userId);
}

async function usableToken(deps: ConnectDeps, userId: string, service: ServiceId) {
  try {
    return await accessTokenFor(deps, userId, service);
  } catch (error) {
    if ((error as Error).name === 'NotConnected') throw new NotFound(`${SERVICES[service].title} is not connected.`);
    if (error instanceof ReauthorizationRequired) throw ValidationFailed.nonField(error.message);
    throw error;
  }
}
