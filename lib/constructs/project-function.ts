import { Arn, ArnFormat, Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
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
import { MediaToolsLayer, type MediaToolName } from './media-tools-layer.js';
import { modelBundling, type BundledModels } from './model-bundling.js';
import { acknowledgeNag, acknowledgeWildcardResource } from './nag.js';
import type { SearchCollection } from './search-collection.js';
import { SearchDataAccess } from './search-collection.js';

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
  /** @default lambda.Architecture.ARM_64 (x86_64 only where a bundled binary needs it, see bindMediaTools) */
  readonly architecture?: lambda.Architecture;
  /** Size of /tmp. @default Size.mebibytes(512) */
  readonly ephemeralStorageSize?: Size;
  /** Model files the function reads at run time (installed or copied beside the bundle). @default none */
  readonly models?: BundledModels;
}

/** How a function reaches the processing state machine: start executions, or only describe it (health). */
export type StateMachineAccess = 'start' | 'describe';

/** STUN/TURN server URLs handed to browsers for the live room. */
export interface IceServerSettings {
  readonly stunUrls: readonly string[];
  readonly turnUrls: readonly string[];
}

/** Which notes engine the notes task runs; 'bedrock' needs the model id it may invoke. */
export type NotesEngineSettings =
  | { readonly engine: 'extractive' }
  | { readonly engine: 'model' }
  | { readonly engine: 'bedrock'; readonly modelId: string };

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
  /** The model files bundled with the function (props.models). */
  public readonly models: BundledModels;
  private readonly wildcardReasons = ['X-Ray PutTraceSegments/PutTelemetryRecords support no resource-level permissions.'];

  /** Throws if the entry is absolute or the memory/timeout are outside Lambda's limits. */
  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    super(scope, id);
    const memorySize = props.memorySize ?? 512;
    const timeout = props.timeout ?? Duration.seconds(30);
    if (memorySize < 128 || memorySize > 10240) throw new Error(`${id}: memorySize must be 128..10240 MB.`);
    if (timeout.toSeconds() < 1 || timeout.toSeconds() > 900) throw new Error(`${id}: timeout must be 1..900 s.`);
    const tmp = props.ephemeralStorageSize?.toMebibytes() ?? 512;
    if (tmp < 512 || tmp > 10240) throw new Error(`${id}: ephemeralStorageSize must be 512..10240 MiB.`);

    this.models = props.models ?? {};
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
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      memorySize,
      timeout,
      ephemeralStorageSize: props.ephemeralStorageSize,
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
        ...modelBundling(this.models),
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
    this.addPolicy(['secretsmanager:GetSecretValue'], [secret.secretArn]);
    return this;
  }

  /**
   * Sets the state-machine-ARN variable and grants starting its executions and reading their status
   * ('start'), or only describing the machine ('describe', the health check).
   */
  bindStateMachine(stateMachine: sfn.IStateMachine, def: StateMachineDefinition, access: StateMachineAccess = 'start'): this {
    this.function.addEnvironment(def.envVar, stateMachine.stateMachineArn);
    if (access === 'describe') {
      this.addPolicy(['states:DescribeStateMachine'], [stateMachine.stateMachineArn]);
      return this;
    }
    stateMachine.grantStartExecution(this.function);
    const stack = Stack.of(this);
    const machineName = Arn.split(stateMachine.stateMachineArn, ArnFormat.COLON_RESOURCE_NAME).resourceName;
    const executions = stack.formatArn({
      service: 'states', resource: 'execution', resourceName: `${machineName}:*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    this.addPolicy(['states:DescribeExecution'], [executions]);
    acknowledgeWildcardResource(this, executions, 'Execution names are chosen per run; the grant covers executions of this one state machine.');
    return this;
  }

  /**
   * Runs ffmpeg/ffprobe from the media tools layer: adds the layer and sets FFMPEG_PATH/FFPROBE_PATH
   * for the given tools, which the media adapters prefer over the installer packages. Throws unless
   * the function was created for the layer's architecture (the binaries are x86-64 executables).
   */
  bindMediaTools(layer: MediaToolsLayer, tools: readonly MediaToolName[]): this {
    if (this.function.architecture !== layer.architecture) {
      throw new Error(`${this.node.path}: the media tools are ${layer.architecture.name} binaries; create the function with that architecture.`);
    }
    this.function.addLayers(layer.layer);
    for (const tool of tools) {
      const { name, value } = MediaToolsLayer.environmentOf(tool);
      this.function.addEnvironment(name, value);
    }
    return this;
  }

  /** Sets OPENSEARCH_ENDPOINT and grants data-plane access to the collection (IAM plus its data access policy). */
  bindSearchCollection(collection: SearchCollection, access: Access): this {
    this.function.addEnvironment('OPENSEARCH_ENDPOINT', collection.endpoint);
    this.addPolicy(['aoss:APIAccessAll'], [collection.arn]);
    SearchDataAccess.of(Stack.of(this), collection).grant(this.function.role!, access);
    return this;
  }

  /** Sets ICE_STUN_URLS / ICE_TURN_URLS (when any) and ICE_TURN_SECRET_ID with read access to that secret. */
  bindIceServers(ice: IceServerSettings, turnSecret: secretsmanager.ISecret): this {
    if (ice.stunUrls.length > 0) this.function.addEnvironment('ICE_STUN_URLS', ice.stunUrls.join(','));
    if (ice.turnUrls.length > 0) this.function.addEnvironment('ICE_TURN_URLS', ice.turnUrls.join(','));
    this.function.addEnvironment('ICE_TURN_SECRET_ID', turnSecret.secretArn);
    this.addPolicy(['secretsmanager:GetSecretValue'], [turnSecret.secretArn]);
    return this;
  }

  /**
   * Chooses the notes engine: nothing to set for the on-box rules; the notes model (its files are bundled, see
   * models); Bedrock gets its model id and InvokeModel on that model only.
   */
  bindNotesEngine(settings: NotesEngineSettings): this {
    if (settings.engine === 'extractive') return this;
    if (settings.engine === 'model') {
      this.function.addEnvironment('NOTES_ENGINE', 'model');
      return this;
    }
    this.function.addEnvironment('NOTES_ENGINE', 'bedrock');
    this.function.addEnvironment('BEDROCK_MODEL_ID', settings.modelId);
    return this.allowBedrockModel(settings.modelId);
  }

  /**
   * Ask's language model (docs/search.md, "Language models"): with the Bedrock notes engine chosen, the same model
   * (LLM_PROVIDER=bedrock, LLM_MODEL) and InvokeModel on it only; with the on-box rules or the notes model, none (Ask stays extractive).
   */
  bindLanguageModel(settings: NotesEngineSettings): this {
    if (settings.engine !== 'bedrock') return this;
    this.function.addEnvironment('LLM_PROVIDER', 'bedrock');
    this.function.addEnvironment('LLM_MODEL', settings.modelId);
    return this.allowBedrockModel(settings.modelId);
  }

  private allowBedrockModel(modelId: string): this {
    const { resources, anyRegionModel } = bedrockModelArns(Stack.of(this), modelId);
    this.addPolicy(['bedrock:InvokeModel'], resources);
    if (anyRegionModel) {
      acknowledgeWildcardResource(this, anyRegionModel,
        'A cross-region inference profile routes each call to its model in one of the profile\'s regions; the grant names that one model.');
    }
    return this;
  }

  /**
   * Grants actions that have no resource-level permissions (Textract, Comprehend detection, SES
   * account reads) on '*', recording the reason for the cdk-nag acknowledgement.
   */
  allowUnscoped(actions: string[], reason: string): this {
    this.addPolicy(actions, ['*']);
    this.wildcardReasons.push(reason);
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
    // SES v2 SendEmail with Simple content (the mailer's only form) authorises as ses:SendEmail.
    this.addPolicy(['ses:SendEmail'], identities);
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
    // One acknowledgement per finding: the reasons of every unscoped grant, gathered before validation.
    this.node.addValidation({ validate: () => {
      acknowledgeNag(this, 'AwsSolutions-IAM5[Resource::*]', this.wildcardReasons.join(' '));
      return [];
    } });
    acknowledgeNag(this, 'AwsSolutions-L1',
      'Node.js 22 is pinned on purpose: it is the runtime the local edition and the test suite run on.');
  }
}

// Geography prefixes of cross-region inference profile ids (e.g. 'us.anthropic.claude-…').
const INFERENCE_PROFILE = /^(us|eu|apac|global|us-gov|jp|au|ca)\.(.+)$/;

/**
 * The resources bedrock:InvokeModel needs for a model id: the foundation model in this region, or
 * for an inference profile the profile plus its model in any region (the profile picks the region).
 */
export function bedrockModelArns(stack: Stack, modelId: string): { resources: string[]; anyRegionModel?: string } {
  if (modelId.startsWith('arn:')) return { resources: [modelId] };
  const profile = INFERENCE_PROFILE.exec(modelId);
  const model = (region: string, id: string) => `arn:${stack.partition}:bedrock:${region}::foundation-model/${id}`;
  if (!profile) return { resources: [model(stack.region, modelId)] };
  const anyRegionModel = model('*', profile[2]);
  return { resources: [stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }), anyRegionModel], anyRegionModel };
}
