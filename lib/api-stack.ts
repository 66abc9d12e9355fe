import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { API_CONTEXTS, type ApiContextDefinition } from './definitions/api.js';
import { IMPORT_RECORDING, PROCESS_MEETING } from './definitions/workflows.js';
import { acknowledgeNag } from './constructs/nag.js';
import { ProjectFunction } from './constructs/project-function.js';
import { bindNeeds, required, type AppSettings, type DataProps } from './function-bindings.js';
import { API_NEEDS, modelsOf, specFor, type FunctionSpec } from './function-needs.js';
import type { RestApiEntryPoint } from './web-stack.js';

export interface ApiStackProps extends StackProps, DataProps {
  readonly settings: AppSettings;
  /** The REST API shell created by the web stack. */
  readonly restApi: RestApiEntryPoint;
  /** State machines keyed by definition id; the processing one (ProcessMeeting) is bound where a context needs it. */
  readonly stateMachines: Readonly<Record<string, sfn.IStateMachine>>;
  /** @default API_CONTEXTS */
  readonly contexts?: readonly ApiContextDefinition[];
  /** Needs and sizing per context id. @default API_NEEDS */
  readonly contextNeeds?: Readonly<Record<string, FunctionSpec>>;
  /** Steady-state requests per second across the stage. @default 100 */
  readonly throttlingRateLimit?: number;
  /** @default 200 */
  readonly throttlingBurstLimit?: number;
}

/**
 * The REST API: one function per bounded context, reached through `/api/<segment>` and
 * `/api/<segment>/{proxy+}` (ANY, Lambda proxy), deployed to the stage the distribution forwards to.
 */
export class ApiStack extends Stack {
  /** Functions keyed by API context id. */
  public readonly functions: Readonly<Record<string, ProjectFunction>>;
  public readonly stage: apigw.Stage;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const contexts = props.contexts ?? API_CONTEXTS;
    assertDistinctSegments(contexts);
    const api = apigw.RestApi.fromRestApiAttributes(this, 'RestApi', {
      restApiId: props.restApi.restApiId,
      rootResourceId: props.restApi.rootResourceId,
    });
    const requestValidator = apigw.RequestValidator.fromRequestValidatorId(this, 'RequestValidator', props.restApi.requestValidatorId);
    const apiRoot = api.root.addResource('api');
    const methods: apigw.Method[] = [];
    const functions: Record<string, ProjectFunction> = {};
    for (const context of contexts) {
      const spec = specFor(props.contextNeeds ?? API_NEEDS, context.id, 'API context');
      const fn = new ProjectFunction(this, context.id, {
        entry: context.entry, description: `API: ${context.id}`, memorySize: spec.memorySize, timeout: spec.timeout,
        models: modelsOf(spec),
      });
      const processing = spec.processing ? required(props.stateMachines, PROCESS_MEETING.id) : undefined;
      const imports = spec.imports ? required(props.stateMachines, IMPORT_RECORDING.id) : undefined;
      bindNeeds(fn, spec, { ...props, processing, imports });
      const integration = new apigw.LambdaIntegration(fn.function, { scopePermissionToMethod: false });
      for (const segment of context.pathSegments) {
        const resource = apiRoot.addResource(segment);
        methods.push(resource.addMethod('ANY', integration, { requestValidator }));
        methods.push(resource.addResource('{proxy+}').addMethod('ANY', integration, { requestValidator }));
      }
      functions[context.id] = fn;
    }
    this.functions = functions;
    this.stage = this.deploy(api, methods, contexts, props);
    this.acknowledgeAuthInHandlers(methods);
  }

  private deploy(api: apigw.IRestApi, methods: apigw.Method[], contexts: readonly ApiContextDefinition[], props: ApiStackProps): apigw.Stage {
    const deployment = new apigw.Deployment(this, 'Deployment', { api });
    methods.forEach((method) => deployment.node.addDependency(method));
    // An imported API does not re-deploy on route changes by itself; a new logical ID does.
    deployment.addToLogicalId(contexts.map((c) => [c.id, c.entry, c.pathSegments]));
    this.createCloudWatchRole();
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const stage = new apigw.Stage(this, 'Stage', {
      deployment,
      stageName: props.restApi.stageName,
      accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
      accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
      loggingLevel: apigw.MethodLoggingLevel.ERROR,
      tracingEnabled: true,
      throttlingRateLimit: props.throttlingRateLimit ?? 100,
      throttlingBurstLimit: props.throttlingBurstLimit ?? 200,
    });
    acknowledgeNag(stage, 'AwsSolutions-APIG3', 'The API is only reached through CloudFront; WAF, when enabled, is attached to the distribution.');
    return stage;
  }

  /** Execution logging (APIG6) needs the account-level role API Gateway writes CloudWatch logs with. */
  private createCloudWatchRole(): void {
    const role = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    acknowledgeNag(role, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      'The AWS-managed policy is the documented, logs-only policy for API Gateway\'s account logging role.');
    new apigw.CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn }).node.addDependency(role);
  }

  private acknowledgeAuthInHandlers(methods: apigw.Method[]): void {
    for (const method of methods) {
      acknowledgeNag(method, 'AwsSolutions-APIG4',
        'Bearer tokens are verified in the handlers (shared auth middleware); some routes are public by the product spec.');
      acknowledgeNag(method, 'AwsSolutions-COG4', 'The product issues its own JWTs (spec §7); there is no Cognito user pool to authorize with.');
    }
  }
}

/** Throws if two contexts claim the same first path segment. */
function assertDistinctSegments(contexts: readonly ApiContextDefinition[]): void {
  const owner = new Map<string, string>();
  for (const context of contexts) {
    for (const segment of context.pathSegments) {
      const other = owner.get(segment);
      if (other) throw new Error(`Path segment "${segment}" is claimed by both ${other} and ${context.id}.`);
      owner.set(segment, context.id);
    }
  }
}
