/**
 * The one definition of the stateful resources. The CDK stacks create them from this list and the
 * local edition creates the same tables and buckets from it, so the two can never drift apart.
 * Pure data: imported by lib/ (CDK) and local/, never by handlers (they read env vars via functions/config.ts).
 */
export interface KeyPair { readonly partitionKey: string; readonly sortKey: string }
export interface IndexDefinition extends KeyPair { readonly indexName: string }

export interface TableDefinition extends KeyPair {
  /** CDK construct id. */
  readonly id: string;
  /** Environment variable that carries the table name to handlers. */
  readonly envVar: string;
  /** Physical name in the local edition (the cloud lets CloudFormation name it). */
  readonly localName: string;
  readonly globalSecondaryIndexes: readonly IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry; DynamoDB TTL deletes the item after it. */
  readonly ttlAttribute: string;
}

export interface BucketDefinition {
  readonly id: string;
  readonly envVar: string;
  readonly localName: string;
  /** Browsers POST uploads straight to this bucket (presigned POST), so it needs CORS. */
  readonly browserUpload: boolean;
  /** Object-created events under this prefix start the named state machine (EventBridge rule in the cloud). */
  readonly triggers: readonly { readonly prefix: string; readonly stateMachineId: string }[];
}

export const MAIN_TABLE: TableDefinition = {
  id: 'MainTable',
  envVar: 'TABLE_NAME',
  localName: 'meetscribe-main',
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  ttlAttribute: 'expiresAt',
};

export const TABLES: readonly TableDefinition[] = [MAIN_TABLE];

export const MEDIA_BUCKET: BucketDefinition = {
  id: 'MediaBucket',
  envVar: 'MEDIA_BUCKET',
  localName: 'meetscribe-media',
  browserUpload: true,
  triggers: [{ prefix: 'uploads/', stateMachineId: 'ProcessMeeting' }],
};

export const BUCKETS: readonly BucketDefinition[] = [MEDIA_BUCKET];

/** Upload ceiling for one recording: Amazon Transcribe's own limit for a media file. */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export interface SecretDefinition {
  readonly id: string;
  /** Environment variable that carries the secret's id (ARN in the cloud, name locally) to handlers. */
  readonly envVar: string;
  /** Name of the secret in the local edition's Secrets Manager endpoint. */
  readonly localName: string;
}

/** HMAC key that signs access/refresh tokens and keys the digests of e-mail codes and reset keys. */
export const AUTH_SECRET: SecretDefinition = { id: 'AuthSigningKey', envVar: 'AUTH_SECRET_ID', localName: 'meetscribe/auth-signing-key' };

/** Stripe's secret API key (sk_…) and the webhook endpoint's signing secret (whsec_…); docs/billing.md. */
export const STRIPE_SECRET_KEY: SecretDefinition = { id: 'StripeSecretKey', envVar: 'STRIPE_SECRET_KEY_ID', localName: 'meetscribe/stripe-secret-key' };
export const STRIPE_WEBHOOK_SECRET: SecretDefinition = { id: 'StripeWebhookSecret', envVar: 'STRIPE_WEBHOOK_SECRET_ID',
  localName: 'meetscribe/stripe-webhook-secret' };

/**
 * Integrations (docs/integrations.md): one secret per meeting service holding the OAuth client and webhook
 * secrets as JSON `{"client_id", "client_secret", "webhook_secret"}` (set by the operator in the cloud; seeded
 * from the local test servers in the local edition), and the master secret that wraps the token data keys.
 */
export const INTEGRATION_SECRETS = {
  zoom: { id: 'ZoomCredentials', envVar: 'ZOOM_SECRET_ID', localName: 'meetscribe/zoom' },
  webex: { id: 'WebexCredentials', envVar: 'WEBEX_SECRET_ID', localName: 'meetscribe/webex' },
  todoist: { id: 'TodoistCredentials', envVar: 'TODOIST_SECRET_ID', localName: 'meetscribe/todoist' },
  basicops: { id: 'BasicOpsCredentials', envVar: 'BASICOPS_SECRET_ID', localName: 'meetscribe/basicops' },
  tokenKey: { id: 'IntegrationTokenKey', envVar: 'INTEGRATIONS_KEY_SECRET_ID', localName: 'meetscribe/integration-token-key' },
} as const satisfies Record<string, SecretDefinition>;

export const SECRETS: readonly SecretDefinition[] = [AUTH_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, ...Object.values(INTEGRATION_SECRETS)];
