/** Route guards of spec §2/§6: home needs a token; the /auth pages (except logout) are for signed-out users. */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from './auth-provider.js';

/** Renders the nested route when signed in, else goes to /auth/login. */
export function RequireAuth() {
  const { token } = useAuth();
  return token ? <Outlet /> : <Navigate to="/auth/login" replace />;
}

/** Renders the nested route when signed out, else goes to /. */
export function GuestOnly() {
  const { token } = useAuth();
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

/** /auth/logout: ends the session, then shows the sign-in page. */
export function Logout() {
  const { token, logout } = useAuth();
  useEffect(() => {
    if (token) logout();
  }, [token, logout]);
  return token ? null : <Navigate to="/auth/login" replace />;
}
