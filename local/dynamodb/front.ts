import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Mutex } from './mutex.js';
import type { KeySchemas } from './tables.js';
import type { RequestTokens } from './request-tokens.js';
import { transactGetItems, transactWriteItems } from './transactions.js';
import { describeTimeToLive, updateTimeToLive, type TtlStore } from './ttl.js';
import type { UndoJournal } from './undo-journal.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { DynamoError, operationOf, sendJson, type Json, type Wire } from './wire.js';

export interface FrontDeps {
  readonly wire: Wire;
  readonly writes: Mutex;
  readonly keys: KeySchemas;
  readonly ttl: TtlStore;
  readonly tokens: RequestTokens;
  readonly journal: UndoJournal;
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  readonly credentials: Credentials;
}

/** Single-item writes go through the same mutex as transactions, so a transaction's rollback never undoes them. */
const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Starts the DynamoDB front on host:port: our own TransactWriteItems, TransactGetItems and TTL operations,
 * everything else proxied to the engine. Throws if the port cannot be bound.
 */
export async function startFront(deps: FrontDeps, host: string, port: number): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const own: Record<string, (input: Json) => Promise<Json>> = {
    TransactWriteItems: (input) => transactWriteItems(deps, input),
    TransactGetItems: (input) => transactGetItems(deps, input),
    UpdateTimeToLive: (input) => updateTimeToLive(deps.wire, deps.ttl, input),
    DescribeTimeToLive: (input) => describeTimeToLive(deps.wire, deps.ttl, input),
  };
  const server = http.createServer((req, res) => {
    handle(deps, own, req, res).catch((err) => {
      console.error('[local-dynamodb] request failed:', err);
      if (!res.headersSent) sendJson(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { server.off('error', reject); resolve(); });
  });
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${address.port}`,
    stop: () => new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeAllConnections();
    }),
  };
}

async function handle(deps: FrontDeps, own: Record<string, (input: Json) => Promise<Json>>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readBody(req);
  const refused = refuseUnsigned(req, body, deps.credentials, 'dynamodb');
  if (refused) return sendJson(res, refused.status, { __type: `com.amazon.coral.service#${refused.type}`, message: refused.message });
  const operation = operationOf(req.headers);
  const ownHandler = Object.hasOwn(own, operation) ? own[operation] : undefined;
  if (ownHandler) {
    let input: Json;
    try {
      input = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, { __type: 'com.amazon.coral.service#SerializationException' });
    }
    try {
      return sendJson(res, 200, await ownHandler(input));
    } catch (err) {
      if (err instanceof DynamoError) return sendJson(res, err.statusCode, err.body);
      throw err;
    }
  }
  const forward = () => deps.wire.forward(req.method ?? 'POST', req.url ?? '/', req.headers, body);
  const answer = WRITES.has(operation) ? await deps.writes.run(forward) : await forward();
  if (answer.statusCode === 200) await afterSchemaChange(deps, operation, body);
  const headers: OutgoingHttpHeaders = { 'content-length': answer.body.length };
  for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  res.writeHead(answer.statusCode, headers);
  res.end(answer.body);
}

/** A table created or deleted may come back with another key schema and without TTL. */
async function afterSchemaChange(deps: FrontDeps, operation: string, body: Buffer): Promise<void> {
  if (operation !== 'CreateTable' && operation !== 'DeleteTable') return;
  deps.keys.forget();
  if (operation === 'DeleteTable') {
    const tableName = String(JSON.parse(body.toString('utf8')).TableName);
    if (deps.ttl.attributeOf(tableName)) await deps.ttl.set(tableName, undefined);
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
