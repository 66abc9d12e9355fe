import '../polyfills.js';
import path from 'node:path';
import { StateMachine } from 'aws-local-stepfunctions';
import type { StateMachineDefinition } from '../../lib/definitions/workflows.js';
import { sfnOperations, type MachineInfo } from './api.js';
import { stateMachineArn, type ArnScope } from './arns.js';
import { loadStateMachine, prepareForEngine, timingOverrides, walkStates } from './definition.js';
import { ExecutionRunner, type RunnableMachine } from './runner.js';
import { sdkTaskFactory } from './sdk-task.js';
import { serveSfn } from './server.js';
import { ExecutionStore } from './store.js';
import { buildTaskHandlers } from './task-handlers.js';

export interface LocalStepFunctions {
  /** Speaks the Step Functions JSON 1.0 protocol. */
  readonly endpoint: string;
  /** `arn:aws:states:<region>:<account>:stateMachine:<localName>` */
  arnFor(stateMachineId: string): string;
  /** Starts an execution; throws an Error named 'ExecutionAlreadyExists' for a reused name. */
  startExecution(stateMachineArn: string, input: unknown, name?: string): Promise<{ executionArn: string; startDate: Date }>;
  /** Resolves when no execution is running (for tests and shutdown). */
  waitForIdle(): Promise<void>;
  /** Stops accepting; running executions stay RUNNING on disk (they resume on next start). */
  stop(): Promise<void>;
}

export interface LocalStepFunctionsOptions {
  dataDir: string;
  host?: string;
  /** 0 for a random port. */
  port?: number;
  /** Handler entries and ASL files are relative to it. */
  projectRoot: string;
  stateMachines: readonly StateMachineDefinition[];
  /** Default us-east-1. */
  region?: string;
  /** Default 000000000000. */
  accountId?: string;
  /** Multiplies Wait-state and Retry intervals (tests use 0 or 0.01); default 1. */
  waitScale?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  /** This run's key pair: every API request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

const MAX_CONCURRENT_EXECUTIONS = 4;

/**
 * Starts the local Step Functions service: runs the ASL files CDK deploys, records executions under
 * `<dataDir>/stepfunctions/`, resumes the ones a previous process left RUNNING, and serves the SFN API.
 * @throws Error when a state machine cannot run locally (missing file or handler, unsupported resource, JSONata).
 */
export async function startLocalStepFunctions(options: LocalStepFunctionsOptions): Promise<LocalStepFunctions> {
  const scope: ArnScope = { region: options.region ?? 'us-east-1', accountId: options.accountId ?? '000000000000' };
  const log = options.log ?? (() => undefined);
  const sdkTask = sdkTaskFactory(scope.region);
  const machines = new Map<string, RunnableMachine>();
  const infos: MachineInfo[] = [];
  const arnById = new Map<string, string>();
  const creationDate = new Date();
  for (const source of options.stateMachines) {
    const loaded = await loadStateMachine(options.projectRoot, source, scope);
    const arn = stateMachineArn(scope, source.localName);
    const resources = new Map(walkStates(loaded.definition).map(({ name, state }) => [name, state.Resource as string | undefined]));
    machines.set(arn, {
      arn,
      name: source.localName,
      engine: new StateMachine(prepareForEngine(loaded.definition) as never),
      handlers: await buildTaskHandlers(loaded, { projectRoot: options.projectRoot, sdkTask }),
      timing: timingOverrides(loaded.definition, options.waitScale ?? 1),
      resourceOf: (stateName) => resources.get(stateName),
    });
    infos.push({ arn, name: source.localName, definition: loaded.fileText, creationDate });
    arnById.set(source.id, arn);
  }
  const store = await ExecutionStore.open(path.join(options.dataDir, 'stepfunctions'));
  const runner = new ExecutionRunner({ store, machines, scope, maxConcurrent: MAX_CONCURRENT_EXECUTIONS, log });
  const server = await serveSfn(sfnOperations(runner, store, infos, scope.accountId), options.host ?? '127.0.0.1', options.port ?? 0, log, options.credentials);
  runner.resumeRunning();
  log('local step functions ready', { endpoint: server.endpoint, stateMachines: [...machines.keys()] });

  return {
    endpoint: server.endpoint,
    arnFor(stateMachineId) {
      const arn = arnById.get(stateMachineId);
      if (!arn) throw new Error(`Unknown state machine id '${stateMachineId}'`);
      return arn;
    },
    async startExecution(stateMachineArn, input, name) {
      const record = await runner.start(stateMachineArn, JSON.stringify(input ?? {}), name);
      return { executionArn: record.executionArn, startDate: new Date(record.startDate) };
    },
    waitForIdle: () => runner.waitForIdle(),
    async stop() {
      await server.close();
      await runner.shutdown();
    },
  };
}
