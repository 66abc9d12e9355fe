import { createHash, randomBytes } from 'node:crypto';

export interface BasicOpsClient { readonly clientId: string; readonly clientSecret: string; readonly redirectUri: string }
export interface BasicOpsTokens { readonly accessToken: string; readonly refreshToken: string; readonly expiresAt: number /* ms */ }

export class BasicOpsOAuthError extends Error {
  readonly name = 'BasicOpsOAuthError';
  /** `invalid_grant` means the user must authorize again. */
  constructor(readonly code: string, message: string) { super(message); }
}

/** A PKCE pair (RFC 7636, S256): the verifier stays with us, the challenge goes in the authorize URL. */
export function newPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** `{appBase}/oauth/auth?…` (app.basicops.com in the cloud). */
export function basicOpsAuthorizeUrl(appBase: string, client: BasicOpsClient, state: string, challenge: string): string {
  const url = new URL('/oauth/auth', appBase);
  url.search = new URLSearchParams({
    client_id: client.clientId, response_type: 'code', redirect_uri: client.redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Exchanges an authorization code (with its PKCE verifier) at `{apiBase}/oauth/token`. */
export function exchangeBasicOpsCode(apiBase: string, client: BasicOpsClient, code: string, verifier: string, now = Date.now()): Promise<BasicOpsTokens> {
  return tokenCall(apiBase, {
    grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: client.redirectUri, client_id: client.clientId, client_secret: client.clientSecret,
  }, now);
}

/** Trades a refresh token for new tokens; the old refresh token must not be used again. */
export function refreshBasicOpsTokens(apiBase: string, client: BasicOpsClient, refreshToken: string, now = Date.now()): Promise<BasicOpsTokens> {
  return tokenCall(apiBase, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret }, now);
}

async function tokenCall(apiBase: string, form: Record<string, string>, now: number): Promise<BasicOpsTokens> {
  let response: Response;
  try {
    response = await fetch(new URL('/oauth/token', apiBase), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form), signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new BasicOpsOAuthError('unavailable', `BasicOps could not be reached: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new BasicOpsOAuthError(typeof body.error === 'string' ? body.error : `http_${response.status}`, String(body.error_description ?? 'BasicOps refused the token request.'));
  }
  const expiresIn = Number(body.expires_in ?? 3600);
  return { accessToken: body.access_token, refreshToken: String(body.refresh_token ?? ''), expiresAt: now + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000 };
}
