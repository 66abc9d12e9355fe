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
  | 'AUTH_SECRET_ID';

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
