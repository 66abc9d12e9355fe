import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { TableDefinition } from '../definitions/resources.js';

export type Access = 'R' | 'RW';

const DYNAMODB_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const DYNAMODB_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const S3_READ_OBJECTS = ['s3:GetObject'];
const S3_WRITE_OBJECTS = ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'];

/**
 * Item access to a table and each index the definition names. Explicit actions and index ARNs
 * (no `index/*`, no `dynamodb:*`): the table's key design is the only access path we grant.
 */
export function tableAccess(table: dynamodb.ITable, def: TableDefinition, access: Access): iam.PolicyStatement {
  const indexArns = def.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`);
  return new iam.PolicyStatement({
    actions: access === 'RW' ? [...DYNAMODB_READ, ...DYNAMODB_WRITE] : DYNAMODB_READ,
    resources: [table.tableArn, ...indexArns],
  });
}

/** Listing plus object read (and write for 'RW'); `objectsArn` is the wildcard object ARN granted. */
export function bucketAccess(bucket: s3.IBucket, access: Access): { statements: iam.PolicyStatement[]; objectsArn: string } {
  const objectsArn = bucket.arnForObjects('*');
  return {
    objectsArn,
    statements: [
      new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
      new iam.PolicyStatement({ actions: access === 'RW' ? [...S3_READ_OBJECTS, ...S3_WRITE_OBJECTS] : S3_READ_OBJECTS, resources: [objectsArn] }),
    ],
  };
}
