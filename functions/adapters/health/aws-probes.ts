import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DescribeStateMachineCommand } from '@aws-sdk/client-sfn';
import type { Probe } from '../../core/health/check-health.js';
import { s3Client as s3 } from '../storage/s3-client.js';
import { sfnClient as sfn } from '../workflows/sfn-client.js';

const dynamodb = new DynamoDBClient({});
const ses = new SESv2Client({});

export interface ProbeTargets { tableName: string; bucketName: string; stateMachineArn: string }

/** Probes of the services the API depends on, each a cheap read-only call. */
export function awsProbes(targets: ProbeTargets): Record<string, Probe> {
  return {
    dynamodb: () => dynamodb.send(new DescribeTableCommand({ TableName: targets.tableName })),
    s3: () => s3.send(new HeadBucketCommand({ Bucket: targets.bucketName })),
    stateMachines: () => sfn.send(new DescribeStateMachineCommand({ stateMachineArn: targets.stateMachineArn })),
    mail: () => ses.send(new GetAccountCommand({})),
  };
}
