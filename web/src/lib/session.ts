/**
 * The stored session (spec §3 Auth, §4): access and refresh tokens and their expiration date, kept in
 * local storage so a reload keeps the user signed in until the 24-hour lifetime ends.
 */
import { SESSION_LIFETIME_SECONDS } from '@contracts/auth-users.js';

export const STORAGE_KEYS = { access: 'token', refresh: 'refreshToken', expirationDate: 'expirationDate' } as const;

export interface StoredSession {
  access: string;
  refresh: string;
  expirationDate: Date;
}

/** What the application does with the stored session on start. */
export type SessionCheck =
  | { kind: 'none' }
  | { kind: 'expired' }
  | { kind: 'active'; session: StoredSession; remainingSeconds: number };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const defaultStore = (): KeyValueStore => globalThis.localStorage;

/** Stores a new session that expires SESSION_LIFETIME_SECONDS after `now`; returns it. */
export function saveSession(tokens: { access: string; refresh: string }, now = new Date(), store = defaultStore()): StoredSession {
  const expirationDate = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  store.setItem(STORAGE_KEYS.access, tokens.access);
  store.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  store.setItem(STORAGE_KEYS.expirationDate, expirationDate.toISOString());
  return { ...tokens, expirationDate };
}

/** Removes tokens and expiration date. */
export function clearSession(store = defaultStore()): void {
  for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key);
}

/** The access token to send, or undefined when there is none. */
export function readAccessToken(store = defaultStore()): string | undefined {
  return store.getItem(STORAGE_KEYS.access) ?? undefined;
}

/**
 * Classifies the stored session at `now`: none (no token), expired (past or unreadable expiry),
 * or active with the whole seconds remaining until the automatic logout.
 */
export function checkSession(now = new Date(), store = defaultStore()): SessionCheck {
  const access = store.getItem(STORAGE_KEYS.access);
  if (!access) return { kind: 'none' };
  const expirationDate = new Date(store.getItem(STORAGE_KEYS.expirationDate) ?? '');
  const remainingMs = expirationDate.getTime() - now.getTime();
  if (Number.isNaN(remainingMs) || remainingMs <= 0) return { kind: 'expired' };
  const refresh = store.getItem(STORAGE_KEYS.refresh) ?? '';
  return { kind: 'active', session: { access, refresh, expirationDate }, remainingSeconds: Math.ceil(remainingMs / 1000) };
}
