import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StateMachineDefinition } from '../../lib/definitions/workflows.js';
import { functionNameForKey, lambdaArn, type ArnScope } from './arns.js';

/** One ASL state, loosely typed: the engine validates the definition, we only read a few fields. */
export type AslState = { Type: string; [field: string]: any };
export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
  QueryLanguage?: string;
  TimeoutSeconds?: number;
  [field: string]: unknown;
}
export interface NamedState {
  readonly name: string;
  readonly state: AslState;
}
export interface LoadedStateMachine {
  readonly source: StateMachineDefinition;
  /** The ASL file text as CDK deploys it, placeholders included (what DescribeStateMachine returns). */
  readonly fileText: string;
  readonly definition: AslDefinition;
  /** Lambda function name → handler entry file (relative to the project root). */
  readonly functions: ReadonlyMap<string, string>;
}

// setTimeout overflows past 2^31-1 ms; the engine's own default Task timeout (60 s) is far shorter than AWS's (99999999 s).
const DEFAULT_TASK_TIMEOUT_SECONDS = 2_000_000;

/**
 * Replaces every `${Key}` in an ASL text with its value, as CloudFormation's DefinitionSubstitutions do.
 * @throws Error naming the placeholders that have no value.
 */
export function substituteDefinition(text: string, substitutions: Readonly<Record<string, string>>): string {
  const missing = new Set<string>();
  const result = text.replace(/\$\{([^}]+)\}/g, (whole, key: string) => {
    if (!(key in substitutions)) missing.add(key);
    return substitutions[key] ?? whole;
  });
  if (missing.size) throw new Error(`No definition substitution for ${[...missing].map((k) => `\${${k}}`).join(', ')}`);
  return result;
}

/** Every state of a definition, depth first, including Parallel branches and Map item processors. */
export function walkStates(definition: Pick<AslDefinition, 'States'>): NamedState[] {
  const found: NamedState[] = [];
  for (const [name, state] of Object.entries(definition.States)) {
    found.push({ name, state });
    if (state.Type === 'Parallel') for (const branch of state.Branches ?? []) found.push(...walkStates(branch));
    if (state.Type === 'Map') {
      const processor = state.ItemProcessor ?? state.Iterator;
      if (processor) found.push(...walkStates(processor));
    }
  }
  return found;
}

/**
 * Reads a state machine's ASL file, substitutes its Lambda ARNs and checks what the engine cannot run.
 * @throws Error for a missing file, invalid JSON, a missing substitution, JSONata, or state names the engine would confuse.
 */
export async function loadStateMachine(projectRoot: string, source: StateMachineDefinition, scope: ArnScope): Promise<LoadedStateMachine> {
  const raw = await readFile(path.resolve(projectRoot, source.aslFile), 'utf8');
  const substitutions: Record<string, string> = {};
  const functions = new Map<string, string>();
  for (const [key, entry] of Object.entries(source.lambdaTasks)) {
    const name = functionNameForKey(key);
    substitutions[key] = lambdaArn(scope, name);
    functions.set(name, entry);
  }
  const definition = JSON.parse(substituteDefinition(raw, substitutions)) as AslDefinition;
  checkSupported(definition, source.aslFile);
  return { source, fileText: raw, definition, functions };
}

function checkSupported(definition: AslDefinition, file: string): void {
  const states = walkStates(definition);
  if (definition.QueryLanguage === 'JSONata' || states.some(({ state }) => state.QueryLanguage === 'JSONata')) {
    throw new Error(`${file}: JSONata is not supported by the local runner; use JSONPath`);
  }
  const seen = new Map<string, AslState>();
  for (const { name, state } of states) {
    const previous = seen.get(name);
    // Engine overrides are keyed by state name, so two different states with one name would share a handler.
    if (previous && JSON.stringify(previous) !== JSON.stringify(state)) {
      throw new Error(`${file}: state name '${name}' is used by two different states; the local runner needs unique names`);
    }
    seen.set(name, state);
  }
}

/** A copy of the definition ready for the engine: Task states get AWS's practically-unbounded default timeout. */
export function prepareForEngine(definition: AslDefinition): AslDefinition {
  // Not structuredClone: under jest its copies come from another realm and the engine only recurses into plain objects of its own.
  const copy = JSON.parse(JSON.stringify(definition)) as AslDefinition;
  for (const { state } of walkStates(copy)) {
    if (state.Type === 'Task' && state.TimeoutSeconds === undefined && state.TimeoutSecondsPath === undefined) {
      state.TimeoutSeconds = DEFAULT_TASK_TIMEOUT_SECONDS;
    }
  }
  return copy;
}

export interface TimingOverrides {
  waitTimeOverrides: Record<string, number>;
  retryIntervalOverrides: Record<string, number[]>;
}

/**
 * Engine overrides that scale Wait durations and Retry intervals by `waitScale` (none when it is 1).
 * Waits given by SecondsPath/Timestamp/TimestampPath are only overridden when the scale is 0.
 */
export function timingOverrides(definition: Pick<AslDefinition, 'States'>, waitScale: number): TimingOverrides {
  const result: TimingOverrides = { waitTimeOverrides: {}, retryIntervalOverrides: {} };
  if (waitScale === 1) return result;
  for (const { name, state } of walkStates(definition)) {
    if (state.Type === 'Wait') {
      if (typeof state.Seconds === 'number') result.waitTimeOverrides[name] = state.Seconds * 1000 * waitScale;
      else if (waitScale === 0) result.waitTimeOverrides[name] = 0;
    }
    if (Array.isArray(state.Retry)) {
      result.retryIntervalOverrides[name] = state.Retry.map((retrier: { IntervalSeconds?: number }) => (retrier.IntervalSeconds ?? 1) * 1000 * waitScale);
    }
  }
  return result;
}
