import { readOptionalConfig } from '../../config.js';
import type { IceSettings } from '../../core/room/ice-servers.js';
import { cachedSecretString, secretsClient } from '../secrets/secret-value.js';

const list = (value: string | undefined) => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

/**
 * The ICE settings from ICE_STUN_URLS, ICE_TURN_URLS and ICE_TURN_SECRET_ID (all optional; the secret
 * is read once per container). Returns a loader; it throws only when a configured secret cannot be read.
 */
export function iceSettingsFromConfig(env: NodeJS.ProcessEnv = process.env): () => Promise<IceSettings> {
  const config = readOptionalConfig(['ICE_STUN_URLS', 'ICE_TURN_URLS', 'ICE_TURN_SECRET_ID'], env);
  const secret = config.ICE_TURN_SECRET_ID ? cachedSecretString(secretsClient, config.ICE_TURN_SECRET_ID) : undefined;
  const stunUrls = list(config.ICE_STUN_URLS);
  const turnUrls = list(config.ICE_TURN_URLS);
  return async () => ({ stunUrls, turnUrls, turnSecret: turnUrls.length > 0 && secret ? await secret() : undefined });
}
