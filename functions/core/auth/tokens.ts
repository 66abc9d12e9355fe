import { randomUUID } from 'node:crypto';
import { Unauthenticated } from '../errors.js';
import { signJwt, verifyJwt, type TokenClaims } from './jwt.js';

export const ACCESS_TOKEN_SECONDS = 86_400;
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;

export interface TokenSubject { readonly id: string; readonly email: string; readonly tokenVersion: number }

/** The refresh token's place in its session: `sid` names the session, `jti` this token of it. */
export interface RefreshSlot { readonly sid: string; readonly jti: string }

export interface TokenService {
  /** Issues an access token (24 h) and a refresh token (30 days), the latter in `slot` when given. */
  issuePair(user: TokenSubject, slot?: RefreshSlot): Promise<{ access: string; refresh: string }>;
  issueAccess(user: TokenSubject): Promise<string>;
  /** Returns the claims of a valid, unexpired token of the given type; throws Unauthenticated otherwise. */
  verify(token: string, type: TokenClaims['typ']): Promise<TokenClaims>;
}

export interface TokenServiceOptions {
  /** The HMAC key; called per operation, so the adapter should cache it. */
  readonly signingKey: () => Promise<Uint8Array>;
  /** Epoch ms. @default Date.now */
  readonly now?: () => number;
}

export const INVALID_TOKEN = 'Token is invalid or expired.';

/** Creates the HS256 token service used by sign-in, refresh and bearer authentication. */
export function createTokenService({ signingKey, now = Date.now }: TokenServiceOptions): TokenService {
  const issue = async (user: TokenSubject, typ: TokenClaims['typ'], lifetime: number, slot?: RefreshSlot) => {
    const iat = Math.floor(now() / 1000);
    const claims: TokenClaims = {
      sub: user.id, email: user.email, typ, ver: user.tokenVersion, iat, exp: iat + lifetime, jti: slot?.jti ?? randomUUID(),
      ...(slot ? { sid: slot.sid } : {}),
    };
    return signJwt(claims, await signingKey());
  };
  return {
    async issuePair(user, slot) {
      return { access: await issue(user, 'access', ACCESS_TOKEN_SECONDS), refresh: await issue(user, 'refresh', REFRESH_TOKEN_SECONDS, slot) };
    },
    issueAccess: (user) => issue(user, 'access', ACCESS_TOKEN_SECONDS),
    async verify(token, type) {
      const claims = verifyJwt(token, await signingKey());
      if (!claims || claims.typ !== type || claims.exp <= Math.floor(now() / 1000)) throw new Unauthenticated(INVALID_TOKEN);
      return claims;
    },
  };
}
