import * as fs from 'node:fs';

/** A service call made directly by the state machine (not through one of our Lambda tasks). */
export interface ServiceCall {
  /** IAM service prefix, e.g. 'transcribe'. */
  readonly service: string;
  /** IAM action, e.g. 'transcribe:StartTranscriptionJob'. */
  readonly action: string;
}

// SDK client names whose IAM prefix differs.
const IAM_PREFIX: Readonly<Record<string, string>> = { sfn: 'states', sesv2: 'ses' };
const SERVICE_RESOURCE = /^arn:aws:states:::(?:aws-sdk:)?([a-z0-9]+):([A-Za-z0-9]+)(?:\.[a-zA-Z]+)?$/;

interface AslStates { readonly States?: Record<string, AslState> }
interface AslState {
  readonly Resource?: unknown;
  readonly Branches?: readonly AslStates[];
  readonly Iterator?: AslStates;
  readonly ItemProcessor?: AslStates;
}

/**
 * Lists the AWS service calls (`arn:aws:states:::aws-sdk:service:action` and optimised
 * integrations) of an ASL file, walking Parallel branches and Map processors, so the stack can
 * grant them: IAM permissions are not inferred from a definition file. Lambda invocations are left
 * out (granted per function). Throws if the file is not valid JSON.
 */
export function serviceCallsOf(aslFile: string): ServiceCall[] {
  const asl = JSON.parse(fs.readFileSync(aslFile, 'utf8')) as AslStates;
  const calls = new Map<string, ServiceCall>();
  const visit = (machine: AslStates | undefined): void => {
    for (const state of Object.values(machine?.States ?? {})) {
      const match = typeof state.Resource === 'string' ? SERVICE_RESOURCE.exec(state.Resource) : null;
      if (match && match[1] !== 'lambda') {
        const service = IAM_PREFIX[match[1]] ?? match[1];
        const action = `${service}:${match[2].charAt(0).toUpperCase()}${match[2].slice(1)}`;
        calls.set(action, { service, action });
      }
      state.Branches?.forEach(visit);
      visit(state.Iterator);
      visit(state.ItemProcessor);
    }
  };
  visit(asl);
  return [...calls.values()].sort((a, b) => a.action.localeCompare(b.action));
}
