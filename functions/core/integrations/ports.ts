/**
 * Ports of the integrations context. Adapters in functions/adapters/integrations implement them
 * (DynamoDB, Secrets Manager, the providers' HTTP APIs); tests implement them in memory.
 */
import type { IntegrationMarks } from '../accounts/ports.js';
import type { ServiceId } from './services.js';

/** Tokens of one connection, as the provider issued them. */
export interface TokenSet {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Epoch ms when the access token stops working. */
  readonly expiresAt: number;
  readonly scope: string;
}

/** The provider refused a refresh token or code (OAuth `invalid_grant`): the user has to authorize again. */
export class InvalidGrant extends Error {
  readonly name = 'InvalidGrant';
}

/** A provider's answer that is not what its documentation says (bad JSON, 5xx, ...). */
export class ProviderError extends Error {
  readonly name = 'ProviderError';
  constructor(message: string, readonly status?: number) { super(message); }
}

/** OAuth 2.0 authorization-code client of one provider. */
export interface OAuthClient {
  authorizeUrl(request: { redirectUri: string; state: string; scopes: readonly string[]; loginHint?: string }): Promise<string>;
  /**
   * Throws InvalidGrant when the code is unknown, used or expired. `state` is the checked state of this
   * authorization (a PKCE client derives its code verifier from it).
   */
  exchangeCode(code: string, redirectUri: string, state: string): Promise<TokenSet>;
  /** Throws InvalidGrant when the refresh token is no longer valid. */
  refresh(refreshToken: string): Promise<TokenSet>;
}

/** The provider account behind a token. */
export interface ProviderIdentity { readonly id: string; readonly email: string; readonly accountId?: string }

/** Seals token sets at rest (envelope encryption: a data key per record, wrapped by a master key). */
export interface TokenCipher {
  seal(plaintext: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

export interface ConnectionSettings {
  readonly autoShare: boolean;
  readonly autoRecord: boolean;
  /** Todoist: store a meeting's action items in the inbox when its notes are ready. */
  readonly autoStoreToInbox?: boolean;
  /** BasicOps: the project notes go to (absent: the first project). */
  readonly projectId?: string;
}

/** One user's connection to one service. */
export interface Connection {
  readonly userId: string;
  readonly service: ServiceId;
  /** The sealed TokenSet JSON; absent when the service needs authorization again. */
  readonly sealedTokens?: string;
  /** Bumped on every token write; rotations are conditional on it so two refreshes cannot both win. */
  readonly tokenVersion: number;
  readonly needsReauthorization: boolean;
  readonly provider?: ProviderIdentity;
  readonly settings: ConnectionSettings;
  /** Webex: the id of the webhook registered for this user. */
  readonly webhookId?: string;
  readonly connectedAt: string;
  readonly lastAuthorizationCompletedAt?: string;
}

export interface ConnectionStore {
  find(userId: string, service: ServiceId): Promise<Connection | undefined>;
  /** Writes the whole connection (a new authorization replaces the old one). */
  put(connection: Connection): Promise<void>;
  /** Replaces the tokens only if tokenVersion is still `fromVersion`; false when another writer won. */
  replaceTokens(userId: string, service: ServiceId, sealedTokens: string, fromVersion: number): Promise<boolean>;
  /** Drops the tokens and flags the connection for reauthorization, if it is still at `fromVersion`. */
  markNeedsReauthorization(userId: string, service: ServiceId, fromVersion: number): Promise<void>;
  update(userId: string, service: ServiceId, changes: Partial<Pick<Connection,
    'provider' | 'settings' | 'webhookId' | 'lastAuthorizationCompletedAt'>>): Promise<void>;
  remove(userId: string, service: ServiceId): Promise<void>;
  /** Maps the provider's user id (webhook payloads name it) to ours. */
  link(service: ServiceId, providerKey: string, userId: string): Promise<void>;
  /** Removes the mapping, only while it still names `userId` (another user who linked the same key keeps it). */
  unlink(service: ServiceId, providerKey: string, userId: string): Promise<void>;
  userFor(service: ServiceId, providerKey: string): Promise<string | undefined>;
}

/** Writes the §3 flags (and the connected account, `{service}_account`) on the user record. */
export interface UserFlags {
  set(userId: string, flags: IntegrationMarks): Promise<void>;
}

export type { Clock } from '../ports.js';
