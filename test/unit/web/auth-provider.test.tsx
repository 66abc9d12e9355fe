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
});
