import { invokeLocalLambda } from '../lambda/invoke.js';
import { lambdaFunctionName } from './arns.js';
import { walkStates, type LoadedStateMachine } from './definition.js';
import { lambdaFailure } from './errors.js';
import { parseSdkResource, type TaskHandler } from './sdk-task.js';

const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';
const LAMBDA_ARN = /^arn:aws[\w-]*:lambda:/;

export interface TaskHandlerDeps {
  readonly projectRoot: string;
  /** Builds the handler of an `arn:aws:states:::aws-sdk:*` resource. */
  readonly sdkTask: (resource: string) => Promise<TaskHandler>;
  readonly invoke?: typeof invokeLocalLambda;
}

/**
 * The engine's per-state handler map for every Task state of a state machine (nested ones included):
 * Lambda ARNs and `lambda:invoke` run the handler entry in-process, aws-sdk resources call the SDK.
 * @throws Error naming the state whose resource or function cannot run locally.
 */
export async function buildTaskHandlers(machine: LoadedStateMachine, deps: TaskHandlerDeps): Promise<Record<string, TaskHandler>> {
  const handlers: Record<string, TaskHandler> = {};
  for (const { name, state } of walkStates(machine.definition)) {
    if (state.Type !== 'Task') continue;
    const resource = String(state.Resource);
    const where = `${machine.source.aslFile}: state '${name}'`;
    if (LAMBDA_ARN.test(resource)) {
      const functionName = lambdaFunctionName(resource);
      handlers[name] = lambdaTask(deps, entryFor(machine, functionName, where), functionName);
    } else if (resource === LAMBDA_INVOKE) {
      const staticName = state.Parameters?.FunctionName;
      if (typeof staticName === 'string') entryFor(machine, lambdaFunctionName(staticName), where);
      handlers[name] = lambdaInvokeTask(machine, deps, where);
    } else if (parseSdkResource(resource)) {
      handlers[name] = await deps.sdkTask(resource);
    } else {
      throw new Error(
        `${where}: resource ${resource} is not supported locally (Lambda, lambda:invoke and aws-sdk integrations only; no .sync or .waitForTaskToken)`);
    }
  }
  return handlers;
}

function entryFor(machine: LoadedStateMachine, functionName: string, where: string): string {
  const entry = machine.functions.get(functionName);
  if (!entry) throw new Error(`${where}: no handler for Lambda function '${functionName}' in lambdaTasks`);
  return entry;
}

function lambdaTask(deps: TaskHandlerDeps, entry: string, functionName: string): TaskHandler {
  const invoke = deps.invoke ?? invokeLocalLambda;
  return async (input) => {
    // Lambda events and results cross a JSON boundary on AWS; keep that so handlers cannot share objects with the engine.
    const event = JSON.parse(JSON.stringify(input ?? null));
    try {
      const result = await invoke(deps.projectRoot, entry, event, functionName);
      return result === undefined ? null : JSON.parse(JSON.stringify(result));
    } catch (error) {
      throw lambdaFailure(error);
    }
  };
}

function lambdaInvokeTask(machine: LoadedStateMachine, deps: TaskHandlerDeps, where: string): TaskHandler {
  return async (input) => {
    const functionName = lambdaFunctionName(String(input?.FunctionName ?? ''));
    const run = lambdaTask(deps, entryFor(machine, functionName, where), functionName);
    const payload = await run(input?.Payload ?? {});
    return { ExecutedVersion: '$LATEST', Payload: payload, StatusCode: 200 };
  };
}
