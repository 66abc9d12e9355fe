/** Small HTTP helpers shared by the provider adapters (global fetch, JSON answers, OAuth token errors). */
import { InvalidGrant, ProviderError, type TokenSet } from '../../core/integrations/ports.js';

const TIMEOUT_MS = 30_000;

export async function requestJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 200)}`,
    response.status);
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new ProviderError(`${new URL(url).pathname} did not answer JSON`);
  }
}

/** POSTs a token request; `invalid_grant` (also Zoom's 400 "Invalid Token!") → InvalidGrant. */
export async function tokenRequest(url: string, form: URLSearchParams, headers: Record<string, string> = {}, now = Date.now()): Promise<TokenSet> {
  const response = await fetch(url, {
    method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
  });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try { body = JSON.parse(text); } catch { /* handled below */ }
  if (!response.ok) {
    if (body.error === 'invalid_grant' || (response.status === 400 && /invalid (token|grant|authorization code)/i.test(String(body.reason ??
      body.error_description ?? '')))) {
      throw new InvalidGrant(String(body.error_description ?? body.reason ?? 'invalid_grant'));
    }
    throw new ProviderError(`Token endpoint answered ${response.status}: ${text.slice(0, 200)}`, response.status);
  }
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string' || typeof body.expires_in !== 'number') {
    throw new ProviderError('Token endpoint answered without access_token, refresh_token and expires_in');
  }
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: now + body.expires_in * 1000, scope: String(body.scope ?? '') };
}

/** A response body as an async iterable of chunks (never buffered whole). */
export async function* bodyChunks(response: Response): AsyncIterable<Uint8Array> {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    if (value) yield value;
  }
}
