/** Turns aws-local-stepfunctions event logs into Step Functions history events (GetExecutionHistory shape). */

/** A history event as stored; `timestamp` is epoch milliseconds. */
export interface StoredHistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}
export interface HistoryEventBody {
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

/** The engine's event log entry, loosely typed (its type union is not exported). */
export interface EngineEvent {
  type: string;
  timestamp: number;
  input?: unknown;
  output?: unknown;
  Error?: string;
  Cause?: unknown;
  index?: number;
  state?: { name: string; type: string; input?: unknown; output?: unknown };
  parentState?: { name: string; type: string };
}

const json = (value: unknown): string => JSON.stringify(value ?? null);
const text = (value: unknown): string => (typeof value === 'string' ? value : json(value));

/**
 * Maps one engine event to zero or more history events. `resourceOf` gives a Task state's Resource,
 * for the resourceType/resource of TaskFailed as AWS reports them.
 */
export function historyEventsFor(event: EngineEvent, resourceOf: (stateName: string) => string | undefined): HistoryEventBody[] {
  const at = event.timestamp;
  const state = event.state;
  switch (event.type) {
    case 'ExecutionStarted':
      return [{ timestamp: at, type: 'ExecutionStarted', executionStartedEventDetails: { input: json(event.input), inputDetails: { truncated: false } } }];
    case 'ExecutionSucceeded':
      return [{ timestamp: at, type: 'ExecutionSucceeded', executionSucceededEventDetails: { output: json(event.output),
        outputDetails: { truncated: false } } }];
    case 'ExecutionFailed':
      return [{ timestamp: at, type: 'ExecutionFailed', executionFailedEventDetails: { error: event.Error, cause: text(event.Cause) } }];
    case 'ExecutionAborted':
      return [{ timestamp: at, type: 'ExecutionAborted', executionAbortedEventDetails: {} }];
    case 'ExecutionTimeout':
      return [{ timestamp: at, type: 'ExecutionTimedOut', executionTimedOutEventDetails: { error: 'States.Timeout' } }];
    case 'StateEntered':
      return [{ timestamp: at, type: `${state!.type}StateEntered`, stateEnteredEventDetails: { name: state!.name, input: json(state!.input),
        inputDetails: { truncated: false } } }];
    case 'StateExited':
      return [{ timestamp: at, type: `${state!.type}StateExited`, stateExitedEventDetails: { name: state!.name, output: json(state!.output),
        outputDetails: { truncated: false } } }];
    case 'StateFailed':
      return stateFailed(event, resourceOf);
    case 'MapIterationStarted':
    case 'MapIterationSucceeded':
    case 'MapIterationFailed': {
      const key = `${event.type[0]!.toLowerCase()}${event.type.slice(1)}EventDetails`;
      return [{ timestamp: at, type: event.type, [key]: { name: event.parentState?.name, index: event.index } }];
    }
    default:
      // Retried/Caught and per-branch Parallel events have no AWS counterpart; Exited/Failed events carry the outcome.
      return [];
  }
}

function stateFailed(event: EngineEvent, resourceOf: (stateName: string) => string | undefined): HistoryEventBody[] {
  const state = event.state!;
  const error = { error: event.Error, cause: text(event.Cause) };
  if (state.type === 'Task') {
    const { resourceType, resource } = splitResource(resourceOf(state.name) ?? '');
    return [{ timestamp: event.timestamp, type: 'TaskFailed', taskFailedEventDetails: { resourceType, resource, ...error } }];
  }
  if (state.type === 'Map' || state.type === 'Parallel') return [{ timestamp: event.timestamp, type: `${state.type}StateFailed` }];
  return [];
}

/** `arn:aws:states:::aws-sdk:dynamodb:putItem` → aws-sdk:dynamodb / putItem; Lambda ARNs → lambda / invoke, as AWS reports them. */
export function splitResource(resource: string): { resourceType: string; resource: string } {
  const integration = /^arn:aws:states:::(.+):([^:]+)$/.exec(resource);
  if (integration) return { resourceType: integration[1]!, resource: integration[2]! };
  return { resourceType: 'lambda', resource: 'invoke' };
}
