import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims MeetScribe puts in its tokens. `typ` keeps refresh tokens from passing as access tokens. */
export interface TokenClaims {
  readonly sub: string;
  readonly email: string;
  readonly typ: 'access' | 'refresh';
  /** The user's token version at issue time; bumping it revokes outstanding refresh tokens. */
  readonly ver: number;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
  /** Refresh tokens only: the sign-in session (token family) the token belongs to, for rotation. */
  readonly sid?: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (key: Uint8Array, input: string) => createHmac('sha256', key).update(input).digest();

/** Signs claims as a compact HS256 JWT. */
export function signJwt(claims: TokenClaims, key: Uint8Array): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${HEADER}.${payload}.${mac(key, `${HEADER}.${payload}`).toString('base64url')}`;
}

/**
 * Verifies an HS256 JWT's shape, header and signature and returns its claims, or undefined when any
 * check fails. Only the exact header this module writes is accepted (no `alg: none`, no other algorithm).
 * Expiry is the caller's business.
 */
export function verifyJwt(token: string, key: Uint8Array): TokenClaims | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  const expected = mac(key, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as TokenClaims;
    const valid = typeof claims.sub === 'string' && typeof claims.exp === 'number' && typeof claims.ver === 'number'
      && (claims.typ === 'access' || claims.typ === 'refresh');
    return valid ? claims : undefined;
  } catch {
    return undefined;
  }
}
