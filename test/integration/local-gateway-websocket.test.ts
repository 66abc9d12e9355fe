import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiGatewayManagementApiClient, DeleteConnectionCommand, GetConnectionCommand, GoneException, PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import WebSocket from 'ws';
import { WEBSOCKET_CALLBACK_ENV, type WebSocketDefinition } from '../../lib/definitions/api.js';
import { startGateway, type Gateway } from '../../local/gateway/index.js';
import { recordedEvents } from '../fixtures/handlers/ws-recorder.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const websocket: WebSocketDefinition = {
  path: '/one2many',
  stage: 'one2many',
  routes: {
    $connect: 'test/fixtures/handlers/ws-connect.ts',
    $default: 'test/fixtures/handlers/ws-default.ts',
    $disconnect: 'test/fixtures/handlers/ws-disconnect.ts',
  },
};

/** Opens a socket and resolves once open; collects every text message it receives. */
function connect(url: string): Promise<{ ws: WebSocket; next(): Promise<string> }> {
  const ws = new WebSocket(url);
  const queue: string[] = [];
  const waiting: ((m: string) => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    const waiter = waiting.shift();
    if (waiter) waiter(text);
    else queue.push(text);
  });
  const next = () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next }));
    ws.once('error', reject);
  });
}

const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

async function eventually<T>(read: () => T | undefined): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('startGateway (WebSocket)', () => {
  let webDist: string;
  let gateway: Gateway;
  let wsUrl: string;
  let management: ApiGatewayManagementApiClient;
  const logged: string[] = [];

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'gateway-ws-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html>');
    gateway = await startGateway({ projectRoot, webDist, apiContexts: [], websocket, log: (m) => logged.push(m) });
    wsUrl = `${gateway.url.replace('http', 'ws')}/one2many`;
    process.env[WEBSOCKET_CALLBACK_ENV] = `${gateway.url}/${websocket.stage}`;
    management = new ApiGatewayManagementApiClient({
      endpoint: `${gateway.url}/${websocket.stage}`, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
  });
  afterAll(async () => {
    management.destroy();
    await gateway.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('invokes $connect, $default and $disconnect with API Gateway shaped events', async () => {
    const { ws, next } = await connect(`${wsUrl}?room=r1`);
    const connectEvent = recordedEvents().at(-1)!;
    const connectionId = connectEvent.requestContext.connectionId;

    ws.send('hello');
    const echoed = JSON.parse(await next());
    const wasClosed = closed(ws);
    ws.close(1000, 'bye');
    await wasClosed;
    const disconnectEvent = await eventually(() => recordedEvents().find((e) => e.requestContext.eventType === 'DISCONNECT' && e.requestContext.connectionId === connectionId));

    expect(connectionId).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    expect(connectEvent).toMatchObject({
      queryStringParameters: { room: 'r1' },
      headers: expect.objectContaining({ Host: expect.stringContaining('127.0.0.1') }),
      requestContext: { routeKey: '$connect', eventType: 'CONNECT', stage: 'one2many', apiId: 'local', identity: { sourceIp: '127.0.0.1' } },
    });
    expect(echoed).toEqual({ echo: 'hello', connectionId });
    const messageEvent = recordedEvents().find((e) => e.requestContext.eventType === 'MESSAGE' && e.requestContext.connectionId === connectionId);
    expect(messageEvent).toMatchObject({ body: 'hello', isBase64Encoded: false, requestContext: { routeKey: '$default', connectedAt: connectEvent.requestContext.connectedAt } });
    expect(disconnectEvent.requestContext).toMatchObject({ routeKey: '$disconnect', disconnectStatusCode: 1000, disconnectReason: 'bye' });
  });

  it('rejects the upgrade with the status a $connect handler returns', async () => {
    const ws = new WebSocket(`${wsUrl}?token=bad`);

    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));

    expect(status).toBe(401);
  });

  it('answers 404 for an upgrade on another path', async () => {
    const ws = new WebSocket(`${gateway.url.replace('http', 'ws')}/elsewhere`);

    const status = await new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));

    expect(status).toBe(404);
  });

  it('sends a $default route response body back to the caller', async () => {
    const { ws, next } = await connect(wsUrl);

    ws.send('reply');

    expect(await next()).toBe('route-response');
    ws.close();
  });

  it('keeps the connection open and logs when $default throws', async () => {
    const { ws, next } = await connect(wsUrl);

    ws.send('crash');
    ws.send('after');

    expect(JSON.parse(await next())).toMatchObject({ echo: 'after' });
    expect(logged.some((m) => m.includes('$default'))).toBe(true);
    ws.close();
  });

  it('serves PostToConnection, GetConnection and DeleteConnection to the real SDK', async () => {
    const { ws, next } = await connect(wsUrl);
    const connectionId = recordedEvents().at(-1)!.requestContext.connectionId;

    await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'from the server' }));
    const received = await next();
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    const wasClosed = closed(ws);
    await management.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));

    expect(received).toBe('from the server');
    expect(info.ConnectedAt).toBeInstanceOf(Date);
    expect(info.LastActiveAt).toBeInstanceOf(Date);
    expect(info.Identity).toEqual({ SourceIp: '127.0.0.1', UserAgent: '' });
    expect(await wasClosed).toBe(1000);
  });

  it('throws GoneException for a closed connection', async () => {
    const { ws } = await connect(wsUrl);
    const connectionId = recordedEvents().at(-1)!.requestContext.connectionId;
    const wasClosed = closed(ws);
    ws.close();
    await wasClosed;
    await eventually(() => recordedEvents().find((e) => e.requestContext.eventType === 'DISCONNECT' && e.requestContext.connectionId === connectionId));

    const post = await management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'late' })).catch((e: unknown) => e);
    const get = await management.send(new GetConnectionCommand({ ConnectionId: connectionId })).catch((e: unknown) => e);

    expect(post).toBeInstanceOf(GoneException);
    expect(get).toBeInstanceOf(GoneException);
  });

  it('accepts the management API without the stage prefix too', async () => {
    const res = await fetch(`${gateway.url}/@connections/${encodeURIComponent('unknown+id=')}`);

    expect(res.status).toBe(410);
    expect(res.headers.get('x-amzn-errortype')).toBe('GoneException');
    expect(await res.json()).toEqual({ message: 'Gone' });
  });

  it('closes open sockets on stop', async () => {
    const other = await startGateway({ projectRoot, webDist, apiContexts: [], websocket, log: () => undefined });
    const { ws } = await connect(`${other.url.replace('http', 'ws')}/one2many`);
    const wasClosed = closed(ws);

    await other.stop();

    expect(await wasClosed).toBe(1001);
  });
});
