/**
 * @jest-environment jsdom
 */
import { SESSION_LIFETIME_SECONDS } from '../../../functions/contracts/auth-users.js';
import { checkSession, clearSession, readAccessToken, saveSession, STORAGE_KEYS } from '../../../web/src/lib/session.js';

describe('session storage', () => {
  beforeEach(() => localStorage.clear());

  it('stores both tokens and an expiration date 24 hours after sign-in', () => {
    const now = new Date('2025-03-01T10:00:00Z');

    saveSession({ access: 'acc', refresh: 'ref' }, now);

    expect(localStorage.getItem(STORAGE_KEYS.access)).toBe('acc');
    expect(localStorage.getItem(STORAGE_KEYS.refresh)).toBe('ref');
    expect(new Date(localStorage.getItem(STORAGE_KEYS.expirationDate)!).getTime() - now.getTime()).toBe(SESSION_LIFETIME_SECONDS * 1000);
    expect(readAccessToken()).toBe('acc');
  });

  it('reports no session when no token is stored', () => {
    expect(checkSession(new Date())).toEqual({ kind: 'none' });
  });

  it('reports an expired session once the expiration date has passed', () => {
    const signedIn = new Date('2025-03-01T10:00:00Z');
    saveSession({ access: 'acc', refresh: 'ref' }, signedIn);

    const check = checkSession(new Date(signedIn.getTime() + SESSION_LIFETIME_SECONDS * 1000 + 1));

    expect(check).toEqual({ kind: 'expired' });
  });

  it('treats an unreadable expiration date as expired', () => {
    localStorage.setItem(STORAGE_KEYS.access, 'acc');
    localStorage.setItem(STORAGE_KEYS.expirationDate, 'not a date');

    expect(checkSession(new Date()).kind).toBe('expired');
  });

  it('reports an active session with the seconds left until the automatic logout', () => {
    const signedIn = new Date('2025-03-01T10:00:00Z');
    saveSession({ access: 'acc', refresh: 'ref' }, signedIn);

    const check = checkSession(new Date(signedIn.getTime() + 3_600_000));

    expect(check).toMatchObject({ kind: 'active', remainingSeconds: SESSION_LIFETIME_SECONDS - 3600, session: { access: 'acc', refresh: 'ref' } });
  });

  it('clears tokens and expiration date on logout', () => {
    saveSession({ access: 'acc', refresh: 'ref' });

    clearSession();

    expect(Object.values(STORAGE_KEYS).map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });
});
