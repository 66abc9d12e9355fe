import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operation } from './api.js';
import { ApiError } from './errors.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';

const TARGET_PREFIX = 'AWSStepFunctions.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';

/**
 * Serves operations over the Step Functions JSON 1.0 protocol: POST with `X-Amz-Target: AWSStepFunctions.<Op>`,
 * errors as `{__type, message}` with status 400 (500 for unexpected failures).
 */
export async function serveSfn(
  operations: Record<string, Operation>,
  host: string,
  port: number,
  log: (message: string, extra?: Record<string, unknown>) => void,
  credentials: Credentials,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const refused = refuseUnsigned(req, Buffer.concat(chunks), credentials, 'states');
      if (refused) {
        res.writeHead(refused.status, { 'content-type': CONTENT_TYPE, 'x-amzn-errortype': refused.type }).end(JSON.stringify({ __type: refused.type,
          message: refused.message }));
        return;
      }
      void respond(operations, String(req.headers['x-amz-target'] ?? ''), Buffer.concat(chunks).toString('utf8'), log).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': CONTENT_TYPE, 'x-amzn-requestid': crypto.randomUUID() });
        res.end(JSON.stringify(body));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${address.port}`,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

async function respond(
  operations: Record<string, Operation>,
  target: string,
  text: string,
  log: (message: string, extra?: Record<string, unknown>) => void,
): Promise<{ status: number; body: unknown }> {
  const name = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  const operation = Object.hasOwn(operations, name) ? operations[name] : undefined;
  if (!operation) return { status: 400, body: { __type: 'UnknownOperationException', message: `Unknown operation ${target}` } };
  let body: Record<string, unknown>;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    return { status: 400, body: { __type: 'SerializationException', message: 'Request body is not JSON' } };
  }
  try {
    return { status: 200, body: await operation(body) };
  } catch (error) {
    if (error instanceof ApiError) return { status: 400, body: { __type: error.name, message: error.message } };
    log('step functions request failed', { operation: name, error: String(error) });
    return { status: 500, body: { __type: 'InternalFailure', message: 'Internal failure' } };
  }
}
