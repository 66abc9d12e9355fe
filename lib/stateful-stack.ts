import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { BUCKETS, SECRETS, TABLES, type BucketDefinition, type SecretDefinition, type TableDefinition } from './definitions/resources.js';
import { acknowledgeNag } from './constructs/nag.js';
import { SearchCollection } from './constructs/search-collection.js';

/** Index names of the OpenSearch adapter (functions/adapters/search-index/opensearch.ts, default prefix). */
export const SEARCH_INDEX_PREFIX = 'meetscribe-';

export interface StatefulStackProps extends StackProps {
  /** @default TABLES */
  readonly tables?: readonly TableDefinition[];
  /** @default BUCKETS */
  readonly buckets?: readonly BucketDefinition[];
  /** @default SECRETS */
  readonly secrets?: readonly SecretDefinition[];
  /**
   * Origins allowed to POST uploads to, and GET presigned downloads from, browser-upload buckets.
   * @default ['*'] (the distribution's own URL is created later, in the web stack; presigned URLs are the access control)
   */
  readonly uploadOrigins?: readonly string[];
  /** Prefix of the search collection's and its policies' names; carries the stage. @default 'meetscribe' */
  readonly searchNamePrefix?: string;
  /** @default true */
  readonly searchStandbyReplicas?: boolean;
}

/** The tables and buckets, keyed by definition id, as the stateless stacks receive them. */
export interface StatefulResources {
  readonly tables: Readonly<Record<string, dynamodb.ITable>>;
  readonly buckets: Readonly<Record<string, s3.IBucket>>;
  readonly secrets: Readonly<Record<string, secretsmanager.ISecret>>;
  /** The OpenSearch Serverless collection behind search (OPENSEARCH_ENDPOINT). */
  readonly searchCollection: SearchCollection;
  /** coturn's `static-auth-secret`, from which the Meetings function mints TURN credentials (ICE_TURN_SECRET_ID). */
  readonly iceTurnSecret: secretsmanager.ISecret;
}

/**
 * Everything that holds data: the DynamoDB tables and S3 buckets of the shared definitions.
 * Kept apart from the stateless stacks so those can be replaced freely; retained on delete.
 */
export class StatefulStack extends Stack implements StatefulResources {
  public readonly tables: Readonly<Record<string, dynamodb.Table>>;
  public readonly buckets: Readonly<Record<string, s3.Bucket>>;
  public readonly secrets: Readonly<Record<string, secretsmanager.Secret>>;
  public readonly searchCollection: SearchCollection;
  public readonly iceTurnSecret: secretsmanager.Secret;
  public readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: StatefulStackProps = {}) {
    super(scope, id, props);
    this.tables = Object.fromEntries((props.tables ?? TABLES).map((def) => [def.id, this.createTable(def)]));
    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      ...secureBucketDefaults(),
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    acknowledgeNag(this.accessLogsBucket, 'AwsSolutions-S1', 'This is the server access log target itself; logging it would recurse.');
    const origins = props.uploadOrigins ?? ['*'];
    this.buckets = Object.fromEntries((props.buckets ?? BUCKETS).map((def) => [def.id, this.createBucket(def, origins)]));
    this.secrets = Object.fromEntries((props.secrets ?? SECRETS).map((def) => [def.id, this.createSecret(def)]));
    this.searchCollection = new SearchCollection(this, 'Search', {
      namePrefix: props.searchNamePrefix ?? 'meetscribe',
      indexPrefix: SEARCH_INDEX_PREFIX,
      standbyReplicas: props.searchStandbyReplicas,
    });
    this.iceTurnSecret = new secretsmanager.Secret(this, 'IceTurnSecret', {
      description: 'MeetScribe TURN shared secret (coturn static-auth-secret; ICE_TURN_SECRET_ID)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(this.iceTurnSecret, 'AwsSolutions-SMG4',
      'The TURN server (coturn) holds a copy of this secret; it is rotated by hand together with the TURN server configuration.');
    // Turning on EventBridge delivery goes through CDK's bucket-notifications custom resource.
    const notifications = this.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    if (notifications) {
      acknowledgeNag(notifications, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        'CDK\'s bucket-notifications handler (enables EventBridge delivery) uses the AWS-managed policy for its logs only.');
    }
  }

  private createTable(def: TableDefinition): dynamodb.Table {
    const table = new dynamodb.Table(this, def.id, {
      partitionKey: { name: def.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: def.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: def.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of def.globalSecondaryIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }

  private createSecret(def: SecretDefinition): secretsmanager.Secret {
    const secret = new secretsmanager.Secret(this, def.id, {
      description: `MeetScribe ${def.id} (${def.envVar})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeNag(secret, 'AwsSolutions-SMG4',
      'Rotated by hand in a planned window, not on a schedule: rotating the token-signing key signs every user out; the integration secrets change together ' +
        'with the provider apps (docs/integrations.md).');
    return secret;
  }

  private createBucket(def: BucketDefinition, origins: readonly string[]): s3.Bucket {
    return new s3.Bucket(this, def.id, {
      ...secureBucketDefaults(),
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${def.id}/`,
      // Object-created events drive the processing pipeline through EventBridge rules.
      eventBridgeEnabled: true,
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(2) }],
      // POST: presigned uploads; GET: the SPA fetches e.g. the transcript text from a presigned URL.
      cors: def.browserUpload
        ? [{ allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET], allowedOrigins: [...origins], allowedHeaders: ['*'], maxAge: 3000 }]
        : undefined,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

/** Private, TLS-only, S3-managed-encrypted, ACLs disabled. */
export function secureBucketDefaults(): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
  };
}
