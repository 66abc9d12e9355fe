import type { Authenticator } from '../../api/http/router.js';
import { readConfig } from '../../config.js';
import { createTokenService, type TokenService } from '../../core/auth/tokens.js';
import { signingKeyFromSecret } from './signing-key.js';

/** Authenticates bearer access tokens; refresh tokens and forged or expired tokens throw Unauthenticated. */
export function createJwtAuthenticator(tokens: Pick<TokenService, 'verify'>): Authenticator {
  return {
    async authenticate(bearerToken) {
      const claims = await tokens.verify(bearerToken, 'access');
      return { userId: claims.sub, email: claims.email };
    },
  };
}

let shared: Authenticator | undefined;

/**
 * The authenticator every API context passes to createApiHandler: verifies HS256 access tokens with the
 * key from the secret named by AUTH_SECRET_ID. Throws ConfigError at cold start when that is unset.
 */
export function bearerAuthenticator(): Authenticator {
  if (!shared) {
    const { AUTH_SECRET_ID } = readConfig(['AUTH_SECRET_ID']);
    shared = createJwtAuthenticator(createTokenService({ signingKey: signingKeyFromSecret(AUTH_SECRET_ID) }));
  }
  return shared;
}
