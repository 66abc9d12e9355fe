import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { BUCKETS, TABLES } from './definitions/resources.js';
import { STATE_MACHINES, type StateMachineDefinition } from './definitions/workflows.js';
import { serviceCallsOf } from './asl-integrations.js';
import { bucketAccess, tableAccess } from './constructs/data-access.js';
import { acknowledgeNag, acknowledgeWildcardResource } from './constructs/nag.js';
import { MediaToolsLayer } from './constructs/media-tools-layer.js';
import { ProjectFunction } from './constructs/project-function.js';
import { bindNeeds, required, type AppSettings, type DataProps } from './function-bindings.js';
import { modelsOf, specFor, TASK_NEEDS, type FunctionSpec } from './function-needs.js';
import { projectPath } from './project-root.js';

export interface PipelineStackProps extends StackProps, DataProps {
  readonly settings: AppSettings;
  /** @default STATE_MACHINES */
  readonly stateMachines?: readonly StateMachineDefinition[];
  /** Needs and sizing per lambda task, by substitution key. @default TASK_NEEDS */
  readonly taskNeeds?: Readonly<Record<string, FunctionSpec>>;
}

/**
 * The processing pipeline: per state machine definition, its Lambda tasks, the state machine
 * loaded from the shared ASL file, and the EventBridge rules that start it on uploads.
 */
export class PipelineStack extends Stack {
  public readonly stateMachines: Readonly<Record<string, sfn.StateMachine>>;
  /** Task functions keyed by substitution key (e.g. StartProcessingFunctionArn), per state machine id. */
  public readonly taskFunctions: Readonly<Record<string, Readonly<Record<string, ProjectFunction>>>>;
  private mediaTools?: MediaToolsLayer;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    const defs = props.stateMachines ?? STATE_MACHINES;
    const tasks: Record<string, Record<string, ProjectFunction>> = {};
    const machines: Record<string, sfn.StateMachine> = {};
    for (const def of defs) {
      tasks[def.id] = this.createTasks(def, props);
      machines[def.id] = this.createStateMachine(def, tasks[def.id], props);
    }
    this.taskFunctions = tasks;
    this.stateMachines = machines;
    this.createTriggers(props);
  }

  private createTasks(def: StateMachineDefinition, props: PipelineStackProps): Record<string, ProjectFunction> {
    return Object.fromEntries(Object.entries(def.lambdaTasks).map(([key, entry]) => {
      const spec = specFor(props.taskNeeds ?? TASK_NEEDS, key, `${def.id} task`);
      const mediaTools = spec.mediaTools ? this.mediaToolsLayer() : undefined;
      const fn = new ProjectFunction(this, `${def.id}${key.replace(/FunctionArn$/, '')}`, {
        entry,
        memorySize: spec.memorySize ?? 2048,
        timeout: spec.timeout ?? Duration.minutes(10),
        ephemeralStorageSize: spec.ephemeralStorageSize,
        architecture: mediaTools?.architecture,
        description: `${def.id}: ${key}`,
        models: modelsOf(spec),
      });
      return [key, bindNeeds(fn, spec, { ...props, mediaTools })];
    }));
  }

  /** The one ffmpeg/ffprobe layer of the stack, created when the first task needs it. */
  private mediaToolsLayer(): MediaToolsLayer {
    this.mediaTools ??= new MediaToolsLayer(this, 'MediaTools');
    return this.mediaTools;
  }

  private createStateMachine(def: StateMachineDefinition, tasks: Record<string, ProjectFunction>, props: PipelineStackProps): sfn.StateMachine {
    const aslFile = projectPath(def.aslFile);
    const machine = new sfn.StateMachine(this, def.id, {
      definitionBody: sfn.DefinitionBody.fromFile(aslFile),
      definitionSubstitutions: Object.fromEntries(Object.entries(tasks).map(([key, fn]) => [key, fn.function.functionArn])),
      logs: {
        destination: new logs.LogGroup(this, `${def.id}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
        level: sfn.LogLevel.ALL,
        includeExecutionData: true,
      },
      tracingEnabled: true,
    });
    // A definition file carries no grants: invoke exactly these functions (no `:*` qualifiers).
    machine.addToRolePolicy(new iam.PolicyStatement({
      actions: ['lambda:InvokeFunction'],
      resources: Object.values(tasks).map((fn) => fn.function.functionArn),
    }));
    const calls = this.grantServiceCalls(machine, aslFile, props);
    acknowledgeNag(machine, 'AwsSolutions-IAM5[Resource::*]',
      `CloudWatch Logs delivery and X-Ray have no resource-level permissions; the ASL's own service calls (${calls.join(', ') || 'none'}) `
      + 'name jobs chosen at run time.');
    return machine;
  }

  /**
   * Grants the service actions the ASL calls directly, plus the data access those calls use: the
   * table for DynamoDB calls; the media bucket for S3 calls and for Transcribe, which reads the media
   * file and writes its output with the caller's (this role's) permissions. Returns the actions.
   */
  private grantServiceCalls(machine: sfn.StateMachine, aslFile: string, props: PipelineStackProps): string[] {
    const calls = serviceCallsOf(aslFile);
    const uses = (...services: string[]) => calls.some((c) => services.includes(c.service));
    const actions = calls.filter((c) => c.service !== 's3' && c.service !== 'dynamodb').map((c) => c.action);
    if (actions.length > 0) machine.addToRolePolicy(new iam.PolicyStatement({ actions, resources: ['*'] }));
    if (uses('dynamodb')) {
      for (const def of props.tableDefinitions ?? TABLES) machine.addToRolePolicy(tableAccess(required(props.data.tables, def.id), def, 'RW'));
    }
    if (uses('s3', 'transcribe')) {
      for (const def of props.bucketDefinitions ?? BUCKETS) {
        const { statements, objectsArn } = bucketAccess(required(props.data.buckets, def.id), 'RW');
        statements.forEach((s) => machine.addToRolePolicy(s));
        acknowledgeWildcardResource(machine, objectsArn, `Transcribe reads the media and writes its output under per-meeting keys of the ${def.id} bucket.`);
      }
    }
    return calls.map((c) => c.action);
  }

  private createTriggers(props: PipelineStackProps): void {
    for (const def of props.bucketDefinitions ?? BUCKETS) {
      const bucket = required(props.data.buckets, def.id);
      def.triggers.forEach((trigger, i) => {
        const machine = required(this.stateMachines, trigger.stateMachineId);
        new events.Rule(this, `${def.id}Trigger${i}`, {
          description: `Start ${trigger.stateMachineId} for objects created under ${trigger.prefix}`,
          eventPattern: {
            source: ['aws.s3'],
            detailType: ['Object Created'],
            detail: { bucket: { name: [bucket.bucketName] }, object: { key: [{ prefix: trigger.prefix }] } },
          },
          targets: [new targets.SfnStateMachine(machine)],
        });
      });
    }
  }
}
