import { INVALID_TOKEN, type TokenService } from '../auth/tokens.js';
import { Unauthenticated } from '../errors.js';
import type { UsersRepository } from './ports.js';

export interface RefreshAccessDeps {
  readonly users: Pick<UsersRepository, 'findById'>;
  readonly tokens: Pick<TokenService, 'verify' | 'issueAccess'>;
}

/**
 * Issues a new access token for a valid refresh token whose user still exists and whose token version
 * is current (a password change or reset revokes older refresh tokens). Throws Unauthenticated.
 */
export async function refreshAccess(deps: RefreshAccessDeps, refresh: string): Promise<{ access: string }> {
  const claims = await deps.tokens.verify(refresh, 'refresh');
  const user = await deps.users.findById(claims.sub);
  if (!user || user.tokenVersion !== claims.ver) throw new Unauthenticated(INVALID_TOKEN);
  return { access: await deps.tokens.issueAccess(user) };
}
