/**
 * Provider settings: base URLs from the environment (the real services by default, the local test servers in
 * the local edition) and the OAuth client and webhook secrets from one Secrets Manager secret per provider,
 * a JSON object `{"client_id", "client_secret", "webhook_secret"}` (docs/integrations.md).
 */
import { cachedSecretString, secretsClient } from '../secrets/secret-value.js';

export interface ProviderCredentials { readonly clientId: string; readonly clientSecret: string; readonly webhookSecret: string }

export const DEFAULT_BASES = {
  ZOOM_OAUTH_BASE: 'https://zoom.us',
  ZOOM_API_BASE: 'https://api.zoom.us/v2',
  WEBEX_API_BASE: 'https://webexapis.com/v1',
} as const;

export type BaseName = keyof typeof DEFAULT_BASES;

export function baseUrl(name: BaseName, env: NodeJS.ProcessEnv = process.env): string {
  return (env[name]?.trim() || DEFAULT_BASES[name]).replace(/\/+$/, '');
}

/** Reads and checks the provider secret once per container. Throws naming the missing fields. */
export function providerCredentials(secretId: string): () => Promise<ProviderCredentials> {
  const read = cachedSecretString(secretsClient, secretId);
  return async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(await read()) as Record<string, unknown>;
    } catch {
      throw new Error(`Secret ${secretId} must be a JSON object with client_id, client_secret and webhook_secret`);
    }
    const missing = ['client_id', 'client_secret', 'webhook_secret'].filter((k) => typeof parsed[k] !== 'string' || !(parsed[k] as string));
    if (missing.length > 0) throw new Error(`Secret ${secretId} lacks ${missing.join(', ')}`);
    return { clientId: parsed.client_id as string, clientSecret: parsed.client_secret as string, webhookSecret: parsed.webhook_secret as string };
  };
}
