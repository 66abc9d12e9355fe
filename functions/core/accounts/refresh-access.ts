import { randomUUID } from 'node:crypto';
import { INVALID_TOKEN, REFRESH_TOKEN_SECONDS, type TokenService } from '../auth/tokens.js';
import { Unauthenticated } from '../errors.js';
import type { RefreshSessions, UsersRepository } from './ports.js';

export interface RefreshAccessDeps {
  readonly users: Pick<UsersRepository, 'findById' | 'revokeTokens'>;
  readonly tokens: Pick<TokenService, 'verify' | 'issuePair'>;
  readonly sessions: RefreshSessions;
}

/**
 * Rotates a refresh token: answers a new access token AND a new refresh token, and the presented one stops
 * working. Presenting a refresh token that was already rotated away is taken as a stolen token being
 * replayed: the session is closed and every token of the user revoked (tokenVersion bumped), so both the
 * thief and the owner must sign in again. Also refuses tokens of a gone user or an outdated token version
 * (password change or reset, sign-out). Throws Unauthenticated.
 */
export async function refreshAccess(deps: RefreshAccessDeps, refresh: string): Promise<{ access: string; refresh: string }> {
  const claims = await deps.tokens.verify(refresh, 'refresh');
  const user = await deps.users.findById(claims.sub);
  if (!user || user.tokenVersion !== claims.ver || !claims.sid) throw new Unauthenticated(INVALID_TOKEN);
  const next = { sid: claims.sid, jti: randomUUID() };
  const outcome = await deps.sessions.rotate(claims.sid, claims.jti, next.jti);
  if (outcome === 'reused') {
    await deps.sessions.close(claims.sid);
    await deps.users.revokeTokens(user.id);
  }
  if (outcome !== 'rotated') throw new Unauthenticated(INVALID_TOKEN);
  return deps.tokens.issuePair(user, next);
}

/** Opens a session for a fresh sign-in and issues its first pair. */
export async function openSession(
  deps: { readonly tokens: Pick<TokenService, 'issuePair'>; readonly sessions: Pick<RefreshSessions, 'open'>; readonly now: () => number },
  user: { readonly id: string; readonly email: string; readonly tokenVersion: number },
): Promise<{ access: string; refresh: string }> {
  const slot = { sid: randomUUID(), jti: randomUUID() };
  await deps.sessions.open(slot.sid, user.id, slot.jti, Math.floor(deps.now() / 1000) + REFRESH_TOKEN_SECONDS);
  return deps.tokens.issuePair(user, slot);
}

/** Server-side sign-out: revokes every access and refresh token of the caller. */
export async function signOut(deps: { readonly users: Pick<UsersRepository, 'revokeTokens'> }, caller: { readonly userId: string }): Promise<void> {
  await deps.users.revokeTokens(caller.userId);
}
