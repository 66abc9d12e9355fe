/**
 * The one place handlers read process.env. Each handler module asks for the variables it needs at
 * cold start; a missing or empty one fails at start-up with a message naming every such variable.
 */
export type ConfigKey =
  | 'TABLE_NAME'
  | 'MEDIA_BUCKET'
  | 'PROCESS_MEETING_STATE_MACHINE_ARN'
  | 'WEBSOCKET_CALLBACK_URL'
  | 'MAIL_FROM'
  | 'PUBLIC_APP_URL'
  | 'AUTH_SECRET_ID'
  // Live room (optional): comma-separated STUN and TURN URLs, and the Secrets Manager id of coturn's shared secret.
  | 'ICE_STUN_URLS'
  | 'ICE_TURN_URLS'
  | 'ICE_TURN_SECRET_ID'
  // Search index: OPENSEARCH_ENDPOINT selects OpenSearch (SigV4 in AWS_REGION), else SEARCH_INDEX_DIR the embedded index.
  | 'OPENSEARCH_ENDPOINT'
  | 'SEARCH_INDEX_DIR'
  | 'AWS_REGION'
  // Notes engine (optional): 'extractive' (default), 'model', 'bedrock' (needs BEDROCK_MODEL_ID) or 'llm' (the language model below).
  | 'NOTES_ENGINE'
  | 'BEDROCK_MODEL_ID'
  // Language model (optional, adapters/llm): 'none' (default), 'bedrock' or 'openai' (an OpenAI-compatible server by base URL).
  | 'LLM_PROVIDER'
  | 'LLM_BASE_URL'
  | 'LLM_MODEL'
  | 'LLM_API_KEY'
  | 'LLM_TIMEOUT_MS'
  | 'FFMPEG_PATH'
  | 'FFPROBE_PATH'
  // Billing (docs/billing.md): free plan minutes (default 60), Stripe secrets' ids, a Stripe-compatible base URL
  // (the local edition's server; unset in the cloud) and the publishable key the SPA loads Stripe.js with.
  | 'MEETSCRIBE_FREE_PLAN_MINUTES'
  | 'STRIPE_SECRET_KEY_ID'
  | 'STRIPE_WEBHOOK_SECRET_ID'
  | 'STRIPE_API_BASE'
  | 'STRIPE_PUBLISHABLE_KEY'
  // Integrations (docs/integrations.md): provider secrets, the token master-key secret, the import state machine, base URLs.
  | 'ZOOM_SECRET_ID'
  | 'WEBEX_SECRET_ID'
  | 'TODOIST_SECRET_ID'
  | 'BASICOPS_SECRET_ID'
  | 'INTEGRATIONS_KEY_SECRET_ID'
  | 'IMPORT_RECORDING_STATE_MACHINE_ARN'
  | 'ZOOM_OAUTH_BASE'
  | 'ZOOM_API_BASE'
  | 'WEBEX_API_BASE'
  | 'TODOIST_OAUTH_BASE'
  | 'TODOIST_API_BASE'
  | 'BASICOPS_APP_BASE'
  | 'BASICOPS_API_BASE';

export class ConfigError extends Error {
  readonly name = 'ConfigError';
}

/** Reads the named variables; throws ConfigError listing every one that is missing or empty. */
export function readConfig<K extends ConfigKey>(keys: readonly K[], env: NodeJS.ProcessEnv = process.env): Record<K, string> {
  const missing = keys.filter((key) => !env[key]?.trim());
  if (missing.length > 0) {
    throw new ConfigError(`Missing configuration: ${missing.join(', ')} must be set.`);
  }
  return Object.fromEntries(keys.map((key) => [key, env[key]!.trim()])) as Record<K, string>;
}

/** Reads optional variables: each is its trimmed value, or undefined when unset or empty. */
export function readOptionalConfig<K extends ConfigKey>(keys: readonly K[], env: NodeJS.ProcessEnv = process.env): Partial<Record<K, string>> {
  return Object.fromEntries(keys.map((key) => [key, env[key]?.trim() || undefined])) as Partial<Record<K, string>>;
}

export type SearchIndexConfig = { kind: 'opensearch'; endpoint: string; region: string } | { kind: 'embedded'; dir: string };

/** Which search index to use: OpenSearch when OPENSEARCH_ENDPOINT is set, else the embedded one. Throws ConfigError when neither is set. */
export function readSearchIndexConfig(env: NodeJS.ProcessEnv = process.env): SearchIndexConfig {
  if (env.OPENSEARCH_ENDPOINT?.trim()) return { kind: 'opensearch', ...readConfigFrom(env) };
  if (env.SEARCH_INDEX_DIR?.trim()) return { kind: 'embedded', dir: env.SEARCH_INDEX_DIR.trim() };
  throw new ConfigError('Missing configuration: OPENSEARCH_ENDPOINT or SEARCH_INDEX_DIR must be set.');
}

function readConfigFrom(env: NodeJS.ProcessEnv) {
  const c = readConfig(['OPENSEARCH_ENDPOINT', 'AWS_REGION'], env);
  return { endpoint: c.OPENSEARCH_ENDPOINT, region: c.AWS_REGION };
}
