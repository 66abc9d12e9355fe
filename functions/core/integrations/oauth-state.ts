/**
 * The OAuth `state` parameter: `{marker}.{payload}.{signature}`. The marker is the service's fixed string
 * the SPA checks (spec §4); the payload carries a random nonce, the user it was issued to and its expiry,
 * signed with the server's key. At code exchange the server checks signature, user, expiry and that the
 * nonce was issued and not used before (single use), which closes the login-CSRF hole a fixed marker leaves.
 */
import { ValidationFailed } from '../errors.js';
import type { ServiceId } from './services.js';
import { SERVICES } from './services.js';

/** How long an authorization may take, from the authorize URL to the code exchange. */
export const STATE_TTL_SECONDS = 10 * 60;

export interface StateSigner {
  /** base64url HMAC of `data`. */
  sign(data: string): Promise<string>;
}

/** Issued nonces; `consume` removes one and tells whether it was there for this user and unexpired. */
export interface NonceStore {
  issue(nonce: string, userId: string, expiresAtSeconds: number): Promise<void>;
  consume(nonce: string, nowSeconds: number): Promise<{ userId: string } | undefined>;
}

export const STATE_MESSAGES = {
  invalid: 'The authorization request is invalid or has expired. Please click Integrate again.',
} as const;

interface StatePayload { readonly n: string; readonly u: string; readonly s: ServiceId; readonly e: number }

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export async function issueState(
  deps: { signer: StateSigner; nonces: NonceStore; newNonce: () => string; nowSeconds: () => number },
  service: ServiceId, userId: string,
): Promise<string> {
  const payload: StatePayload = { n: deps.newNonce(), u: userId, s: service, e: deps.nowSeconds() + STATE_TTL_SECONDS };
  await deps.nonces.issue(payload.n, userId, payload.e);
  const marker = SERVICES[service].stateMarker;
  const body = `${marker}.${b64url(JSON.stringify(payload))}`;
  return `${body}.${await deps.signer.sign(body)}`;
}

/**
 * Checks a returned state for `service` and `userId` and uses up its nonce. Throws ValidationFailed
 * (400) when the marker, signature, service, user or expiry is wrong, or the nonce was used already.
 */
export async function redeemState(
  deps: { signer: StateSigner; nonces: NonceStore; nowSeconds: () => number },
  service: ServiceId, userId: string, state: string | undefined,
): Promise<void> {
  const invalid = () => ValidationFailed.nonField(STATE_MESSAGES.invalid);
  const parts = (state ?? '').split('.');
  if (parts.length !== 3 || parts[0] !== SERVICES[service].stateMarker) throw invalid();
  const body = `${parts[0]}.${parts[1]}`;
  if (!constantTimeEqual(await deps.signer.sign(body), parts[2])) throw invalid();
  let payload: StatePayload;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as StatePayload;
  } catch {
    throw invalid();
  }
  const now = deps.nowSeconds();
  if (payload.s !== service || payload.u !== userId || typeof payload.e !== 'number' || payload.e < now) throw invalid();
  const used = await deps.nonces.consume(payload.n, now);
  if (!used || used.userId !== userId) throw invalid();
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
