import { cachedSecretString, secretsClient } from '../secrets/secret-value.js';

const MIN_KEY_BYTES = 32;
const keys = new Map<string, () => Promise<Uint8Array>>();

/**
 * The HMAC signing key held in the secret `secretId`, read once per container. Every context's
 * authenticator and the accounts handler share the one cached read. Throws if the secret is shorter than 32 bytes.
 */
export function signingKeyFromSecret(secretId: string): () => Promise<Uint8Array> {
  let key = keys.get(secretId);
  if (!key) {
    const read = cachedSecretString(secretsClient, secretId);
    key = async () => {
      const bytes = Buffer.from(await read(), 'utf8');
      if (bytes.length < MIN_KEY_BYTES) throw new Error(`Secret ${secretId} is too short to sign tokens (${bytes.length} bytes)`);
      return bytes;
    };
    keys.set(secretId, key);
  }
  return key;
}
