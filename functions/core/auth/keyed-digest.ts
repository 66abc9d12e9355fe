import { createHmac } from 'node:crypto';

/** One-way, keyed fingerprint of a short secret (verification codes, reset keys) for storage and lookup. */
export type KeyedDigest = (purpose: string, value: string) => Promise<string>;

/**
 * HMAC-SHA256 under the server key, domain-separated by purpose. Unlike a bare sha256, a leaked table
 * does not let anyone brute-force the 10^6 possible e-mail codes offline.
 */
export function createKeyedDigest(key: () => Promise<Uint8Array>): KeyedDigest {
  return async (purpose, value) => createHmac('sha256', await key()).update(`${purpose}\u0000${value}`).digest('hex');
}
