/**
 * @jest-environment jsdom
 */
import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { SESSION_LIFETIME_SECONDS } from '../../../functions/contracts/auth-users.js';
import { AppProvider } from '../../../web/src/app/app-provider.js';
import { useAuth } from '../../../web/src/features/auth/auth-provider.js';
import { saveSession, STORAGE_KEYS } from '../../../web/src/lib/session.js';

function ShowToken() {
  const { token } = useAuth();
  return <p>{token ? `signed in as ${token}` : 'signed out'}</p>;
}

function SignOutButton() {
  const { logout } = useAuth();
  return <button type="button" onClick={logout}>Sign out</button>;
}

const renderApp = () => render(<AppProvider swrProvider={() => new Map()}><ShowToken /></AppProvider>);

describe('AuthProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('logs out on start when the stored expiration date has passed', () => {
    saveSession({ access: 'old', refresh: 'r' }, new Date(Date.now() - SESSION_LIFETIME_SECONDS * 1000 - 1000));

    renderApp();

    expect(screen.getByText('signed out')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.access)).toBeNull();
  });

  it('restores a valid session and logs out automatically when its remaining time runs out', () => {
    const remainingMs = 90_000;
    saveSession({ access: 'tok', refresh: 'r' }, new Date(Date.now() - SESSION_LIFETIME_SECONDS * 1000 + remainingMs));
    renderApp();
    expect(screen.getByText('signed in as tok')).toBeTruthy();

    act(() => void jest.advanceTimersByTime(remainingMs - 1000));
    expect(screen.getByText('signed in as tok')).toBeTruthy();
    act(() => void jest.advanceTimersByTime(1000));

    expect(screen.getByText('signed out')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.expirationDate)).toBeNull();
  });

  describe('sign-out (issue #19: server-side sign-out from the UI)', () => {
    const realFetch = globalThis.fetch;
    let calls: Array<{ url: string; init?: RequestInit }>;
    beforeEach(() => {
      calls = [];
      globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
        calls.push({ url: String(url), init });
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    });
    afterEach(() => { globalThis.fetch = realFetch; });

    it('revokes the tokens on the server with the signed-out token, and ends the session here', () => {
      saveSession({ access: 'tok-1', refresh: 'r' });
      render(<AppProvider swrProvider={() => new Map()}><ShowToken /><SignOutButton /></AppProvider>);

      act(() => screen.getByRole('button', { name: 'Sign out' }).click());

      expect(screen.getByText('signed out')).toBeTruthy();
      expect(localStorage.getItem(STORAGE_KEYS.access)).toBeNull();
      expect(calls.map((c) => [c.url, c.init?.method, (c.init?.headers as Record<string, string>).Authorization])).toEqual([
        ['/api/auth/token/revoke/', 'POST', 'Bearer tok-1'],
      ]);
    });

    it('does not call the server when the session merely runs out', () => {
      saveSession({ access: 'tok-2', refresh: 'r' }, new Date(Date.now() - SESSION_LIFETIME_SECONDS * 1000 + 5_000));
      renderApp();
      act(() => void jest.advanceTimersByTime(5_000));
      expect(screen.getByText('signed out')).toBeTruthy();
      expect(calls).toEqual([]);
    });
  });
});
