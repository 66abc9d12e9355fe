import type { BucketDefinition, SecretDefinition, TableDefinition } from './definitions/resources.js';
import { BUCKETS, SECRETS, TABLES } from './definitions/resources.js';
import type { Access, ProjectFunction } from './constructs/project-function.js';
import type { StatefulResources } from './stateful-stack.js';

/** What every function of the app is given, whatever stack it lives in. */
export interface AppSettings {
  /** Sender address for outgoing mail (MAIL_FROM). */
  readonly mailFrom: string;
  /** The site's public URL (PUBLIC_APP_URL), used in links sent to users. */
  readonly publicAppUrl: string;
}

/** The stateful resources plus the definitions they were created from. */
export interface DataProps {
  readonly data: StatefulResources;
  /** @default TABLES */
  readonly tableDefinitions?: readonly TableDefinition[];
  /** @default BUCKETS */
  readonly bucketDefinitions?: readonly BucketDefinition[];
  /** @default SECRETS */
  readonly secretDefinitions?: readonly SecretDefinition[];
}

/**
 * Binds every table and bucket of the definitions to a function with the given access, plus the
 * app-wide settings, and the secrets when `withSecrets` (user-facing functions that verify tokens).
 * Throws if a definition has no matching resource.
 */
export function bindData(fn: ProjectFunction, props: DataProps & { readonly settings: AppSettings }, access: Access,
  { withSecrets = false } = {}): ProjectFunction {
  for (const def of props.tableDefinitions ?? TABLES) fn.bindTable(required(props.data.tables, def.id), def, access);
  for (const def of props.bucketDefinitions ?? BUCKETS) fn.bindBucket(required(props.data.buckets, def.id), def, access);
  if (withSecrets) for (const def of props.secretDefinitions ?? SECRETS) fn.bindSecret(required(props.data.secrets, def.id), def);
  return fn.bindMailSender(props.settings.mailFrom).bindPublicAppUrl(props.settings.publicAppUrl);
}

/** Looks a resource up by definition id; throws naming the id when it is missing. */
export function required<T>(items: Readonly<Record<string, T>>, id: string): T {
  const item = items[id];
  if (item === undefined) throw new Error(`No resource for definition "${id}" (have: ${Object.keys(items).join(', ') || 'none'}).`);
  return item;
}
