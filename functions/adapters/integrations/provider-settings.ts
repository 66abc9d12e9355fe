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
  TODOIST_OAUTH_BASE: 'https://todoist.com',
  TODOIST_API_BASE: 'https://api.todoist.com',
  BASICOPS_APP_BASE: 'https://app.basicops.com',
  BASICOPS_API_BASE: 'https://api.basicops.com',
} as const;

export type BaseName = keyof typeof DEFAULT_BASES;

export function baseUrl(name: BaseName, env: NodeJS.ProcessEnv = process.env): string {
  return (env[name]?.trim() || DEFAULT_BASES[name]).replace(/\/+$/, '');
}

/**
 * Reads and checks the provider secret once per container. Throws naming the missing fields. Services that
 * send us no webhooks (Todoist, BasicOps) have no webhook_secret: pass `{ webhookSecret: false }`.
 */
export function providerCredentials(secretId: string, needs: { webhookSecret?: boolean } = {}): () => Promise<ProviderCredentials> {
  const required = needs.webhookSecret === false ? ['client_id', 'client_secret'] : ['client_id', 'client_secret', 'webhook_secret'];
  const read = cachedSecretString(secretsClient, secretId);
  return async () => {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(await read()) as Record<string, unknown>;
    } catch {
      throw new Error(`Secret ${secretId} must be a JSON object with client_id, client_secret and webhook_secret`);
    }
    const missing = required.filter((k) => typeof parsed[k] !== 'string' || !(parsed[k] as string));
    if (missing.length > 0) throw new Error(`Secret ${secretId} lacks ${missing.join(', ')}`);
    return { clientId: parsed.client_id as string, clientSecret: parsed.client_secret as string, webhookSecret: (parsed.webhook_secret as string | undefined) ??
      '' };
  };
}
