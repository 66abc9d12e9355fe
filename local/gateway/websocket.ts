import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { WebSocketDefinition } from '../../lib/definitions/api.js';
import { invokeLocalLambda } from '../lambda/invoke.js';
import { MessageBudget } from './admission.js';
import { headerMaps, queryMaps, sourceIp } from './http-util.js';

/** One open WebSocket connection, as the management API sees it. */
export interface Connection {
  readonly id: string;
  readonly socket: WebSocket;
  readonly connectedAt: Date;
  lastActiveAt: Date;
  readonly sourceIp: string;
  readonly userAgent: string;
}

export interface WebSocketRoutesOptions {
  projectRoot: string;
  websocket: WebSocketDefinition;
  log: (message: string, extra?: Record<string, unknown>) => void;
}

export interface WebSocketRoutes {
  /** Open connections by id; a connection leaves the map as soon as it starts closing. */
  readonly connections: Map<string, Connection>;
  /** Handles an HTTP upgrade on `websocket.path` (other paths are answered 404). Never throws. */
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket and waits for the pending $default/$disconnect invocations. */
  close(): Promise<void>;
}

type RouteKey = '$connect' | '$disconnect' | '$default';
const EVENT_TYPES: Record<RouteKey, string> = { $connect: 'CONNECT', $disconnect: 'DISCONNECT', $default: 'MESSAGE' };
export const MAX_MESSAGE_BYTES = 128 * 1024; // API Gateway's WebSocket message limit
/** Per-connection message budget: a burst of 100, refilled at 50 a second (a guest's join sends a few dozen). */
export const MESSAGES_PER_SECOND = 50;
export const MESSAGE_BURST = 100;
/** Dropped messages after which a flooding connection is closed. */
export const MAX_DROPPED = 200;

/** A connection id shaped like API Gateway's (16 base64 characters ending in '='). */
export function newConnectionId(): string {
  return randomBytes(11).toString('base64');
}

/**
 * Runs API Gateway WebSocket semantics over `ws`: $connect decides the upgrade, each message invokes
 * $default (in order per connection; a returned body is sent back), close invokes $disconnect.
 */
export function createWebSocketRoutes(options: WebSocketRoutesOptions): WebSocketRoutes {
  const { websocket, log } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Map<string, Connection>();
  const pending = new Set<Promise<unknown>>();

  async function invoke(route: RouteKey, event: unknown): Promise<any> {
    try {
      return await invokeLocalLambda(options.projectRoot, websocket.routes[route], event, `ws${route}`);
    } catch (error) {
      log(`WebSocket ${route} handler failed`, { error: String((error as Error)?.stack ?? error) });
      return { statusCode: 500 };
    }
  }
  function track(work: Promise<unknown>): Promise<unknown> {
    pending.add(work);
    return work.finally(() => pending.delete(work));
  }

  async function upgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== websocket.path) return reject(socket, 404);
    const base = { id: newConnectionId(), connectedAt: new Date(), sourceIp: sourceIp(req), userAgent: req.headers['user-agent'] ?? '' };
    const context = (route: RouteKey, extra: Record<string, unknown> = {}) => requestContext(req, websocket.stage, base, route, extra);
    const result = await invoke('$connect', {
      ...headerMaps(req), ...queryMaps(url), isBase64Encoded: false, requestContext: context('$connect'),
    });
    const status = typeof result?.statusCode === 'number' ? result.statusCode : 200;
    if (status < 200 || status > 299) return reject(socket, status, typeof result?.body === 'string' ? result.body : '');
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { ...base, socket: ws, lastActiveAt: new Date() };
      connections.set(base.id, connection);
      let chain: Promise<unknown> = Promise.resolve();
      const enqueue = (work: () => Promise<unknown>) => { chain = track(chain.then(work)); };
      // Per-connection budget (issue #19: a flood queued 65 s of backlog in 5 s): over-budget messages are
      // dropped, and a connection that keeps flooding is closed with 1008 (policy violation).
      const budget = new MessageBudget(MESSAGES_PER_SECOND, MESSAGE_BURST);
      ws.on('message', (data: RawData, isBinary: boolean) => {
        connection.lastActiveAt = new Date();
        if (!budget.take()) {
          if (budget.dropped === 1) log('WebSocket message budget exceeded; dropping', { connectionId: base.id });
          if (budget.dropped >= MAX_DROPPED) ws.close(1008, 'Message rate exceeded');
          return;
        }
        const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
        enqueue(async () => {
          const reply = await invoke('$default', {
            requestContext: context('$default', { messageId: randomUUID() }),
            body: bytes.toString(isBinary ? 'base64' : 'utf8'), isBase64Encoded: isBinary,
          });
          if (typeof reply?.body === 'string' && ws.readyState === ws.OPEN) ws.send(reply.body);
        });
      });
      ws.on('close', (code: number, reason: Buffer) => {
        connections.delete(base.id);
        enqueue(() => invoke('$disconnect', {
          ...headerMaps(req), isBase64Encoded: false,
          requestContext: context('$disconnect', { disconnectStatusCode: code, disconnectReason: reason.toString('utf8') }),
        }));
      });
      ws.on('error', (error) => log('WebSocket connection error', { connectionId: base.id, error: String(error) }));
    });
  }

  return {
    connections,
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      track(upgrade(req, socket, head).catch((error) => {
        log('WebSocket upgrade failed', { error: String(error) });
        reject(socket, 500);
      }));
    },
    close: () => closeAll(wss, pending),
  };
}

/** Closes every socket (1001), then waits for the pending invocations, then closes the server. */
async function closeAll(wss: WebSocketServer, pending: ReadonlySet<Promise<unknown>>): Promise<void> {
  const closed = [...wss.clients].map((ws) => new Promise((resolve) => {
    ws.once('close', resolve);
    ws.close(1001, 'Going away');
  }));
  // A client that never answers the close handshake must not hold up shutdown.
  const timer = setTimeout(() => wss.clients.forEach((ws) => ws.terminate()), 1000);
  await Promise.all(closed);
  clearTimeout(timer);
  while (pending.size > 0) await Promise.allSettled([...pending]);
  await new Promise<void>((resolve) => wss.close(() => resolve()));
}

function requestContext(req: http.IncomingMessage, stage: string, conn: { id: string; connectedAt: Date; sourceIp: string; userAgent: string }, route: RouteKey,
  extra: Record<string, unknown>) {
  const now = new Date();
  return {
    routeKey: route, eventType: EVENT_TYPES[route], messageDirection: 'IN', stage, apiId: 'local',
    domainName: req.headers.host ?? '127.0.0.1', connectionId: conn.id, connectedAt: conn.connectedAt.getTime(),
    requestId: randomUUID(), extendedRequestId: randomUUID(), requestTime: now.toUTCString(), requestTimeEpoch: now.getTime(),
    identity: { sourceIp: conn.sourceIp, userAgent: conn.userAgent },
    ...extra,
  };
}

function reject(socket: Duplex, status: number, body = ''): void {
  if (socket.destroyed) return;
  const head = [`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
