import { aslServiceName, sdkFailure } from './errors.js';

export type TaskHandler = (input: any) => Promise<any>;

const SDK_RESOURCE = /^arn:aws:states:::aws-sdk:([a-z0-9-]+):([a-zA-Z0-9]+)$/;
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface ServiceBinding {
  readonly client: { send(command: unknown): Promise<any> };
  readonly serviceName: string;
  readonly sdk: Record<string, any>;
}

/** Parses `arn:aws:states:::aws-sdk:<service>:<action>`; undefined for any other resource. */
export function parseSdkResource(resource: string): { service: string; action: string } | undefined {
  const match = SDK_RESOURCE.exec(resource);
  return match ? { service: match[1]!, action: match[2]! } : undefined;
}

/** `putItem` → `PutItemCommand`. */
export function commandName(action: string): string {
  return `${action[0]!.toUpperCase()}${action.slice(1)}Command`;
}

function bindService(bindings: Map<string, Promise<ServiceBinding>>, service: string, region: string): Promise<ServiceBinding> {
  let binding = bindings.get(service);
  if (!binding) {
    binding = import(`@aws-sdk/client-${service}`).then((sdk: Record<string, any>) => {
      const clientName = Object.keys(sdk).find((key) => key.endsWith('Client') && !key.startsWith('_'));
      if (!clientName) throw new Error(`@aws-sdk/client-${service} exports no client`);
      // The AWS_ENDPOINT_URL_* variables of the local runtime route these clients to the local services.
      const credentials = process.env.AWS_ACCESS_KEY_ID ? undefined : LOCAL_CREDENTIALS;
      const client = new sdk[clientName]({ region, credentials });
      return { client, sdk, serviceName: aslServiceName(client.config.serviceId ?? service) };
    });
    binding.catch(() => bindings.delete(service));
    bindings.set(service, binding);
  }
  return binding;
}

/**
 * Returns a factory of task handlers for aws-sdk integration resources; each handler calls the real SDK v3
 * client of its service (one client per service, created on first use so it sees the current endpoint variables).
 * The factory throws Error if the SDK package or the command does not exist; a handler throws TaskFailure.
 */
export function sdkTaskFactory(region: string): (resource: string) => Promise<TaskHandler> {
  const bindings = new Map<string, Promise<ServiceBinding>>();
  return (resource) => sdkTaskHandler(bindings, resource, region);
}

async function sdkTaskHandler(bindings: Map<string, Promise<ServiceBinding>>, resource: string, region: string): Promise<TaskHandler> {
  const parsed = parseSdkResource(resource);
  if (!parsed) throw new Error(`Not an aws-sdk integration resource: ${resource}`);
  let binding: ServiceBinding;
  try {
    binding = await bindService(bindings, parsed.service, region);
  } catch (error) {
    throw new Error(`${resource}: cannot load @aws-sdk/client-${parsed.service} (${(error as Error).message})`, { cause: error });
  }
  const Command = binding.sdk[commandName(parsed.action)];
  if (typeof Command !== 'function') throw new Error(`${resource}: @aws-sdk/client-${parsed.service} has no ${commandName(parsed.action)}`);
  return async (input) => {
    let output: unknown;
    try {
      // ASL parameters are JSON: hand the SDK its own plain copy (its middleware may fill in defaults).
      output = await binding.client.send(new Command(JSON.parse(JSON.stringify(input ?? {}))));
    } catch (error) {
      throw sdkFailure(binding.serviceName, error);
    }
    return toJsonValue(output, true);
  };
}

/** SDK output as plain JSON: `$metadata` dropped, streams read as text, dates as ISO strings, bytes as base64. */
export async function toJsonValue(value: unknown, topLevel = false): Promise<unknown> {
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof (value as { transformToString?: unknown }).transformToString === 'function') {
    return (value as { transformToString(): Promise<string> }).transformToString();
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => toJsonValue(item)));
  if (typeof value === 'object') {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if ((topLevel && key === '$metadata') || item === undefined) continue;
      result[key] = await toJsonValue(item);
    }
    return result;
  }
  return value;
}
