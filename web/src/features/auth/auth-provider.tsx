/**
 * Holds the session for the whole app (spec §4 Authentication): restores it on start, schedules the
 * automatic logout when the 24-hour lifetime ends, and clears tokens and cached data on logout.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { setUnauthorizedHandler } from '../../api/api-client.js';
import { revokeTokens } from '../../api/auth/revoke-tokens.js';
import { checkSession, clearSession, saveSession } from '../../lib/session.js';

interface AuthContextValue {
  token: string | undefined;
  expirationDate: Date | undefined;
  login(tokens: { access: string; refresh: string }): void;
  /** Signing out: ends the session here and revokes the user's tokens on the server (POST auth/token/revoke/). */
  logout(): void;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

function initialState(): { token?: string; expirationDate?: Date } {
  const check = checkSession();
  if (check.kind === 'active') return { token: check.session.access, expirationDate: check.session.expirationDate };
  if (check.kind === 'expired') clearSession();
  return {};
}

/** Provides useAuth(); must be inside the SWRConfig whose cache logout clears. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState(initialState);
  const { mutate } = useSWRConfig();

  const logout = useCallback(() => {
    clearSession();
    setState({});
    void mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);

  // An explicit sign-out also revokes on the server; the automatic logout (expiry, a 401) only ends the session here.
  const signOut = useCallback(() => {
    if (state.token) void revokeTokens(state.token);
    logout();
  }, [state.token, logout]);

  const login = useCallback((tokens: { access: string; refresh: string }) => {
    const session = saveSession(tokens);
    setState({ token: session.access, expirationDate: session.expirationDate });
  }, []);

  useEffect(() => {
    if (!state.expirationDate) return;
    const timer = setTimeout(logout, Math.max(0, state.expirationDate.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [state.expirationDate, logout]);

  useEffect(() => {
    setUnauthorizedHandler(logout);
    return () => setUnauthorizedHandler(undefined);
  }, [logout]);

  const value = useMemo(
    () => ({ token: state.token, expirationDate: state.expirationDate, login, logout: signOut }),
    [state.token, state.expirationDate, login, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session; throws when used outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
