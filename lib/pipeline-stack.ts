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
import { ProjectFunction } from './constructs/project-function.js';
import { bindData, required, type AppSettings, type DataProps } from './function-bindings.js';
import { projectPath } from './project-root.js';

export interface PipelineStackProps extends StackProps, DataProps {
  readonly settings: AppSettings;
  /** @default STATE_MACHINES */
  readonly stateMachines?: readonly StateMachineDefinition[];
}

/**
 * The processing pipeline: per state machine definition, its Lambda tasks, the state machine
 * loaded from the shared ASL file, and the EventBridge rules that start it on uploads.
 */
export class PipelineStack extends Stack {
  public readonly stateMachines: Readonly<Record<string, sfn.StateMachine>>;
  /** Task functions keyed by substitution key (e.g. StartProcessingFunctionArn), per state machine id. */
  public readonly taskFunctions: Readonly<Record<string, Readonly<Record<string, ProjectFunction>>>>;

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
      const fn = new ProjectFunction(this, `${def.id}${key.replace(/FunctionArn$/, '')}`, {
        entry,
        memorySize: 2048,
        timeout: Duration.minutes(10),
        description: `${def.id}: ${key}`,
      });
      return [key, bindData(fn, props, 'RW')];
    }));
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
    this.grantServiceCalls(machine, aslFile, props);
    acknowledgeNag(machine, 'AwsSolutions-IAM5[Resource::*]',
      'CloudWatch Logs delivery, X-Ray and the AI services the ASL calls (Transcribe, Comprehend, Textract) have no resource-level permissions.');
    return machine;
  }

  /** Grants the service actions the ASL calls directly, plus data access those calls need (media reads, result writes). */
  private grantServiceCalls(machine: sfn.StateMachine, aslFile: string, props: PipelineStackProps): void {
    const calls = serviceCallsOf(aslFile);
    if (calls.length === 0) return;
    const actions = calls.filter((c) => c.service !== 's3' && c.service !== 'dynamodb').map((c) => c.action);
    if (actions.length > 0) machine.addToRolePolicy(new iam.PolicyStatement({ actions, resources: ['*'] }));
    for (const def of props.tableDefinitions ?? TABLES) machine.addToRolePolicy(tableAccess(required(props.data.tables, def.id), def, 'RW'));
    for (const def of props.bucketDefinitions ?? BUCKETS) {
      const { statements, objectsArn } = bucketAccess(required(props.data.buckets, def.id), 'RW');
      statements.forEach((s) => machine.addToRolePolicy(s));
      acknowledgeWildcardResource(machine, objectsArn, `Transcribe and Textract read media and write results under per-meeting keys of the ${def.id} bucket.`);
    }
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
