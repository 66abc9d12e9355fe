import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

export type LambdaHandler = (event: any, context: Context) => Promise<any>;

const cache = new Map<string, Promise<LambdaHandler>>();

/** Imports a handler entry file (relative to the project root) once and returns its `handler` export. */
export function loadHandler(projectRoot: string, entry: string): Promise<LambdaHandler> {
  const file = path.resolve(projectRoot, entry);
  let loaded = cache.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href).then((mod) => {
      if (typeof mod.handler !== 'function') throw new Error(`${entry} does not export a 'handler' function`);
      return mod.handler as LambdaHandler;
    });
    loaded.catch(() => cache.delete(file));
    cache.set(file, loaded);
  }
  return loaded;
}

/** A Lambda context good enough for middy and Powertools-style code. */
export function lambdaContext(functionName: string, timeoutMs = 900_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Invokes the handler in `entry` with an event, the way the Lambda runtime would. */
export async function invokeLocalLambda(projectRoot: string, entry: string, event: unknown, functionName?: string): Promise<any> {
  const handler = await loadHandler(projectRoot, entry);
  const name = functionName ?? path.basename(path.dirname(entry));
  return handler(event, lambdaContext(name));
}
