import { Match, Template } from 'aws-cdk-lib/assertions';
import { BUCKETS, SECRETS, TABLES } from '../../lib/definitions/resources.js';
import { testStacks, removeTestOutdirs } from './synth-app.js';

const template = Template.fromStack(testStacks().stacks.stateful);

afterAll(removeTestOutdirs);

describe('StatefulStack', () => {
  it.each(TABLES.map((def) => [def.id, def] as const))('creates table %s with the keys, indexes and TTL of its definition', (_id, def) => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: def.partitionKey, KeyType: 'HASH' }, { AttributeName: def.sortKey, KeyType: 'RANGE' }],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: def.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: def.globalSecondaryIndexes.map((index) => Match.objectLike({
        IndexName: index.indexName,
        KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, { AttributeName: index.sortKey, KeyType: 'RANGE' }],
      })),
    });
  });

  it('creates exactly the defined tables', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', TABLES.length);
  });

  it('lets browsers POST uploads to, and GET presigned downloads from, browser-upload buckets and sends their events to EventBridge', () => {
    const uploadBuckets = BUCKETS.filter((def) => def.browserUpload);
    expect(uploadBuckets.length).toBeGreaterThan(0);
    const buckets = template.findResources('AWS::S3::Bucket', {
      Properties: { CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST', 'GET'], AllowedOrigins: ['*'] })] } },
    });
    expect(Object.keys(buckets)).toHaveLength(uploadBuckets.length);
    for (const logicalId of Object.keys(buckets)) {
      template.hasResourceProperties('Custom::S3BucketNotifications', {
        BucketName: { Ref: logicalId },
        NotificationConfiguration: { EventBridgeConfiguration: {} },
      });
    }
  });

  it('makes every bucket private, encrypted and TLS-only', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(BUCKETS.length + 1);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
    }
    const policies = template.findResources('AWS::S3::BucketPolicy', {
      Properties: { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } },
    });
    expect(Object.keys(policies)).toHaveLength(BUCKETS.length + 1);
  });

  it('aborts incomplete multipart uploads and logs server access for data buckets', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 } })] },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: `${BUCKETS[0].id}/` }),
    });
  });

  it('generates one secret per secret definition, and the TURN shared secret', () => {
    template.resourcePropertiesCountIs('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    }, SECRETS.length);
    template.resourceCountIs('AWS::SecretsManager::Secret', SECRETS.length + 1);
  });

  it('limits browser access to the app origin when one is configured', () => {
    const origin = 'https://app.meetscribe.example';
    const withOrigin = Template.fromStack(testStacks({ publicAppUrl: origin }).stacks.stateful);
    withOrigin.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST', 'GET'], AllowedOrigins: [origin] })] },
    });
  });

  it('creates a SEARCH collection that waits for its encryption and network policies', () => {
    const [collection] = Object.values(template.findResources('AWS::OpenSearchServerless::Collection'));
    expect(collection.Properties).toMatchObject({ Type: 'SEARCH', Name: 'ms-test-search' });
    expect(collection.DeletionPolicy).toBe('Retain');
    const policies = template.findResources('AWS::OpenSearchServerless::SecurityPolicy');
    expect(Object.keys(policies).sort()).toEqual([...collection.DependsOn].sort());
    const byType = Object.fromEntries(Object.values(policies).map((p) => [p.Properties.Type, JSON.parse(p.Properties.Policy)]));
    expect(byType.encryption).toEqual({ Rules: [{ ResourceType: 'collection', Resource: ['collection/ms-test-search'] }], AWSOwnedKey: true });
    expect(byType.network).toEqual([{ Rules: [{ ResourceType: 'collection', Resource: ['collection/ms-test-search'] }], AllowFromPublic: true }]);
  });
});
