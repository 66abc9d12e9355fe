import type { Authenticator } from '../../core/auth/principal.js';
import { readConfig } from '../../config.js';
import type { TokenVersions } from '../../core/accounts/ports.js';
import { createTokenService, INVALID_TOKEN, type TokenService } from '../../core/auth/tokens.js';
import { Unauthenticated } from '../../core/errors.js';
import { documentClient } from '../dynamodb/client.js';
import { createTokenVersions } from '../dynamodb/users-repository.js';
import { cachedTokenVersions } from './cached-token-versions.js';
import { signingKeyFromSecret } from './signing-key.js';

/**
 * Authenticates bearer access tokens; refresh tokens and forged or expired tokens throw Unauthenticated.
 * With `versions`, a token whose version is no longer the user's (password changed or reset, signed out,
 * refresh token reused) or whose user is gone is refused too.
 */
export function createJwtAuthenticator(tokens: Pick<TokenService, 'verify'>, versions?: TokenVersions): Authenticator {
  return {
    async authenticate(bearerToken) {
      const claims = await tokens.verify(bearerToken, 'access');
      if (versions && (await versions.current(claims.sub)) !== claims.ver) throw new Unauthenticated(INVALID_TOKEN);
      return { userId: claims.sub, email: claims.email };
    },
  };
}

let shared: Authenticator | undefined;

/**
 * The authenticator every API context passes to createApiHandler: verifies HS256 access tokens with the
 * key from the secret named by AUTH_SECRET_ID and their version against the user in TABLE_NAME, which each
 * container remembers for TOKEN_VERSION_TTL_MS (a revoked token is refused everywhere within that time; the
 * accounts context, which revokes, checks uncached). Throws ConfigError at cold start when either is unset.
 */
export function bearerAuthenticator(): Authenticator {
  if (!shared) {
    const { AUTH_SECRET_ID, TABLE_NAME } = readConfig(['AUTH_SECRET_ID', 'TABLE_NAME']);
    shared = createJwtAuthenticator(createTokenService({ signingKey: signingKeyFromSecret(AUTH_SECRET_ID) }),
      cachedTokenVersions(createTokenVersions(documentClient, TABLE_NAME)));
  }
  return shared;
}
