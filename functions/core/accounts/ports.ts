/**
 * The ports the account use cases need. Adapters (DynamoDB, SES) implement them in functions/adapters;
 * tests implement them in memory.
 */

/** Flags another context (integrations) may set on the user record; absent means false. */
export type IntegrationFlag =
  | 'zoom_integrated' | 'zoom_refresh_token_exists'
  | 'webex_integrated' | 'webex_refresh_token_exists' | 'webex_auto_share_on' | 'webex_auto_record_on'
  | 'todoist_integrated' | 'todoist_access_token_exists' | 'todoist_auto_store_to_inbox'
  | 'basicops_integrated' | 'basicops_refresh_token_exists';

/** The connected account's e-mail per service, as far as the connect flow learns it (null: connected, account unknown). */
export type IntegrationAccount = 'zoom_account' | 'webex_account' | 'todoist_account' | 'basicops_account';

/** What the integrations context keeps on the user record: the §3 flags and the connected accounts. */
export type IntegrationMarks = Partial<Record<IntegrationFlag, boolean>> & Partial<Record<IntegrationAccount, string | null>>;

export interface UserRecord {
  readonly id: string;
  /** Lower-cased; unique across users. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: string;
  readonly passwordHash: string;
  readonly emailNotes: boolean;
  readonly selectedPlan: string | null;
  /** Embedded in tokens; bumped when the password changes so older refresh tokens stop working. */
  readonly tokenVersion: number;
  /** ISO timestamps. */
  readonly createdAt: string;
  readonly consentedAt: string;
  readonly integrations?: Readonly<IntegrationMarks>;
}

export interface ProfileChange { readonly firstName: string; readonly lastName: string; readonly company: string }

/** Thrown by UsersRepository.create when the e-mail already belongs to a user. */
export class EmailTaken extends Error {
  readonly name = 'EmailTaken';
}

export interface UsersRepository {
  /** Stores a new user, atomically claiming its e-mail. Throws EmailTaken. */
  create(user: UserRecord): Promise<void>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByEmail(email: string): Promise<UserRecord | undefined>;
  /** Returns the updated user, or undefined when there is no such user. */
  updateProfile(id: string, change: ProfileChange): Promise<UserRecord | undefined>;
  updateSettings(id: string, settings: { readonly emailNotes: boolean }): Promise<UserRecord | undefined>;
  /** Stores a new password hash and increments tokenVersion. */
  replacePassword(id: string, passwordHash: string): Promise<void>;
  /** Increments tokenVersion, revoking every access and refresh token issued before (server-side sign-out). */
  revokeTokens(id: string): Promise<void>;
}

/** The user's current token version, or undefined when the user is gone (what bearer authentication checks). */
export interface TokenVersions { current(userId: string): Promise<number | undefined> }

/** What rotating a refresh token found. */
export type RotationOutcome = 'rotated' | 'reused' | 'unknown';

/**
 * Sign-in sessions for refresh-token rotation: each holds the id of its one current refresh token.
 * Presenting an older token of a session (a replay of a stolen token) is reuse.
 */
export interface RefreshSessions {
  open(sid: string, userId: string, jti: string, expiresAt: number): Promise<void>;
  /** Atomically replaces `fromJti` by `toJti` when it is the current one. */
  rotate(sid: string, fromJti: string, toJti: string): Promise<RotationOutcome>;
  close(sid: string): Promise<void>;
}

export interface StoredCode { readonly codeHash: string; /** epoch s */ readonly expiresAt: number; readonly attempts: number }

/** The latest e-mail verification code per address (one at a time: a new code replaces the old). */
export interface VerificationCodes {
  save(email: string, code: { readonly codeHash: string; readonly expiresAt: number }): Promise<void>;
  find(email: string): Promise<StoredCode | undefined>;
  /**
   * Counts one guess against the code atomically BEFORE it is compared, and returns the code as it is after
   * counting, or undefined when there is none or it had already used up `maxAttempts`. Parallel guesses thus
   * cannot get more than `maxAttempts` comparisons between them.
   */
  claimAttempt(email: string, maxAttempts: number): Promise<StoredCode | undefined>;
  /** Deletes the code if it is still the one with `codeHash`; false when it was already used or replaced. */
  consume(email: string, codeHash: string): Promise<boolean>;
}

export interface ResetKeys {
  /** Stores the key as the user's newest: any key saved earlier for the user stops working. */
  save(keyHash: string, userId: string, expiresAt: number): Promise<void>;
  /** Deletes the key and returns its user id, or undefined when unknown, used, superseded by a newer key, or expired at `nowSeconds`. */
  consume(keyHash: string, nowSeconds: number): Promise<string | undefined>;
}

/** A fixed window counter: `count` events since the window opened; it closes at `resetsAt` (epoch s). */
export interface RateWindow { readonly count: number; readonly resetsAt: number }

export interface RateLimits {
  /** The current window; count 0 when there is none or it has closed. */
  peek(key: string, nowSeconds: number): Promise<RateWindow>;
  /** Counts `amount` (default 1) events, opening a window of `windowSeconds` when none is open, and returns the window. */
  hit(key: string, windowSeconds: number, nowSeconds: number, amount?: number): Promise<RateWindow>;
  clear(key: string): Promise<void>;
  /** Takes back one counted event of an open window (after it proved legitimate); no-op when none is open. */
  refund(key: string, nowSeconds: number): Promise<void>;
}

export type { Clock, MailMessage, Mailer } from '../ports.js';

/**
 * The caller's remaining minutes, owned by the billing context (functions/core/billing/minutes.ts); a new
 * account's answer is the configured free-plan allowance (MEETSCRIBE_FREE_PLAN_MINUTES).
 */
export interface AccountMinutes {
  minutesLeft(userId: string): Promise<number>;
}
