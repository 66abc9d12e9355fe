import { createHmac, hkdfSync } from 'node:crypto';
import type { StateSigner } from '../../core/integrations/oauth-state.js';

/** HMAC-SHA256 signer of OAuth states, keyed by a key derived from the service's signing key (never the key itself). */
export function createStateSigner(signingKey: () => Promise<Uint8Array>): StateSigner {
  let key: Promise<Buffer> | undefined;
  const derived = () => (key ??= signingKey().then((k) => Buffer.from(hkdfSync('sha256', k, Buffer.alloc(0), 'meetscribe/oauth-state/v1', 32))));
  return { sign: async (data) => createHmac('sha256', await derived()).update(data).digest('base64url') };
}
