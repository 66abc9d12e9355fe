import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { WEBSOCKET_CALLBACK_ENV } from '../definitions/api.js';
import type { BucketDefinition, SecretDefinition, TableDefinition } from '../definitions/resources.js';
import type { StateMachineDefinition } from '../definitions/workflows.js';
import { PROJECT_ROOT, projectPath } from '../project-root.js';
import { bucketAccess, tableAccess, type Access } from './data-access.js';
import { acknowledgeNag, acknowledgeWildcardResource } from './nag.js';

export type { Access } from './data-access.js';


export interface ProjectFunctionProps {
  /** Handler entry file (exports `handler`), relative to the project root. */
  readonly entry: string;
  /** @default 512 */
  readonly memorySize?: number;
  /** @default Duration.seconds(30) */
  readonly timeout?: Duration;
  /** @default logs.RetentionDays.ONE_MONTH */
  readonly logRetention?: logs.RetentionDays;
  /** @default - no description */
  readonly description?: string;
}

// Lets bundled CommonJS dependencies call require() inside the ESM bundle.
const CJS_SHIM = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * A Lambda function with the project's defaults baked in (Node 22 on ARM64, ESM bundle with source
 * maps, X-Ray, its own log group) and `bind*` helpers that set a resource's environment variable
 * and its IAM grant in one call, so the two can never drift apart.
 */
export class ProjectFunction extends Construct {
  public readonly function: nodejs.NodejsFunction;
  public readonly logGroup: logs.LogGroup;

  /** Throws if the entry is absolute or the memory/timeout are outside Lambda's limits. */
  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    super(scope, id);
    const memorySize = props.memorySize ?? 512;
    const timeout = props.timeout ?? Duration.seconds(30);
    if (memorySize < 128 || memorySize > 10240) throw new Error(`${id}: memorySize must be 128..10240 MB.`);
    if (timeout.toSeconds() < 1 || timeout.toSeconds() > 900) throw new Error(`${id}: timeout must be 1..900 s.`);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.function = new nodejs.NodejsFunction(this, 'Function', {
      entry: projectPath(props.entry),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: projectPath('package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize,
      timeout,
      description: props.description,
      tracing: lambda.Tracing.ACTIVE,
      logGroup: this.logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: nodejs.OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: CJS_SHIM,
        target: 'node22',
        sourceMap: true,
        sourcesContent: false,
        minify: true,
        // Bundle the AWS SDK too: the version we test against, not whatever the runtime ships.
        externalModules: [],
      },
    });
    this.acknowledgeBaseline();
  }

  /** Sets the table-name variable and grants item access to the table and each of its indexes. */
  bindTable(table: dynamodb.ITable, def: TableDefinition, access: Access): this {
    this.function.addEnvironment(def.envVar, table.tableName);
    this.function.addToRolePolicy(tableAccess(table, def, access));
    return this;
  }

  /** Sets the bucket-name variable and grants listing plus object read (and write for 'RW'). */
  bindBucket(bucket: s3.IBucket, def: BucketDefinition, access: Access): this {
    this.function.addEnvironment(def.envVar, bucket.bucketName);
    const { statements, objectsArn } = bucketAccess(bucket, access);
    for (const statement of statements) this.function.addToRolePolicy(statement);
    acknowledgeWildcardResource(this, objectsArn, `Object keys are per meeting and unknown at deploy time; access is limited to the ${def.id} bucket.`);
    return this;
  }

  /** Sets the secret-id variable (the secret's ARN) and grants reading that one secret. */
  bindSecret(secret: secretsmanager.ISecret, def: SecretDefinition): this {
    this.function.addEnvironment(def.envVar, secret.secretArn);
    this.addPolicy(['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'], [secret.secretArn]);
    return this;
  }

  /** Sets the state-machine-ARN variable and grants starting its executions and reading their status. */
  bindStateMachine(stateMachine: sfn.IStateMachine, def: StateMachineDefinition): this {
    this.function.addEnvironment(def.envVar, stateMachine.stateMachineArn);
    stateMachine.grantStartExecution(this.function);
    stateMachine.grantExecution(this.function, 'states:DescribeExecution');
    return this;
  }

  /** Sets the @connections callback URL of a WebSocket stage and grants posting to its connections. */
  bindWebSocketApi(api: apigwv2.IWebSocketApi, stageName: string): this {
    const stack = Stack.of(this);
    this.function.addEnvironment(WEBSOCKET_CALLBACK_ENV, `https://${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}/${stageName}`);
    const connections = stack.formatArn({ service: 'execute-api', resource: api.apiId, resourceName: `${stageName}/*/@connections/*` });
    this.addPolicy(['execute-api:ManageConnections'], [connections]);
    acknowledgeWildcardResource(this, connections, 'Connection IDs are assigned at runtime; access is limited to the @connections endpoint of this one stage.');
    return this;
  }

  /** Sets MAIL_FROM and grants sending through SES as that address (or its verified domain). */
  bindMailSender(from: string): this {
    const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
    const domain = address.split('@')[1];
    if (!domain) throw new Error(`MAIL_FROM must contain an e-mail address, got "${from}".`);
    this.function.addEnvironment('MAIL_FROM', from);
    const stack = Stack.of(this);
    const identities = [address, domain].map((name) => stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name }));
    this.addPolicy(['ses:SendEmail', 'ses:SendRawEmail'], identities);
    return this;
  }

  /** Sets PUBLIC_APP_URL, the site address used in links sent to users. */
  bindPublicAppUrl(url: string): this {
    this.function.addEnvironment('PUBLIC_APP_URL', url);
    return this;
  }

  private addPolicy(actions: string[], resources: string[]): void {
    this.function.addToRolePolicy(new iam.PolicyStatement({ actions, resources }));
  }

  private acknowledgeBaseline(): void {
    acknowledgeNag(this, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'The AWS-managed basic execution policy only allows writing this function\'s CloudWatch logs.');
    acknowledgeNag(this, 'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.');
    acknowledgeNag(this, 'AwsSolutions-L1',
      'Node.js 22 is pinned on purpose: it is the runtime the local edition and the test suite run on.');
  }
}

