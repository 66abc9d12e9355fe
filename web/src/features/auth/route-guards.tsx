/** Route guards of spec §2/§6: home needs a token; the /auth pages (except logout) are for signed-out users. */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from './auth-provider.js';
import { forgetReturnTarget, peekReturnTarget, rememberReturnTarget } from './return-target.js';

/** Renders the nested route when signed in, else remembers where the visitor was going and goes to /auth/login. */
export function RequireAuth() {
  const { token } = useAuth();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Remembered while rendering, before <Navigate> leaves this page (idempotent).
  if (!token) rememberReturnTarget(here);
  useEffect(() => {
    // Arrived (or went elsewhere while signed in): the target has served its purpose.
    if (token) forgetReturnTarget();
  }, [token, here]);
  return token ? <Outlet /> : <Navigate to="/auth/login" replace />;
}

/** Renders the nested route when signed out, else goes where the visitor was going before signing in (or /). */
export function GuestOnly() {
  const { token } = useAuth();
  return token ? <Navigate to={peekReturnTarget() ?? '/'} replace /> : <Outlet />;
}

/** /auth/logout: ends the session, then shows the sign-in page. */
export function Logout() {
  const { token, logout } = useAuth();
  useEffect(() => {
    forgetReturnTarget();
    if (token) logout();
  }, [token, logout]);
  return token ? null : <Navigate to="/auth/login" replace />;
}
