import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ApiContextDefinition, WebSocketDefinition } from '../../lib/definitions/api.js';
import type { Mailbox } from '../mail/index.js';
import { proxyApiRequest } from './api-proxy.js';
import { handleManagementRequest, managementConnectionId } from './connections.js';
import { sendJson } from './http-util.js';
import { MAILBOX_PATHS, serveMailbox } from './mailbox-pages.js';
import { serveStatic } from './static.js';
import { createWebSocketRoutes } from './websocket.js';

export interface Gateway { readonly url: string /* http://host:port */; readonly port: number; stop(): Promise<void> }
export interface GatewayOptions {
  host?: string /* 127.0.0.1 */; port?: number /* 0 random */;
  projectRoot: string; webDist: string /* absolute path of the built SPA */;
  apiContexts: readonly ApiContextDefinition[]; websocket: WebSocketDefinition;
  mailbox?: Mailbox /* when given, /dev/mailbox and /dev/mailbox.json are served; otherwise those paths are plain SPA/404 */;
  extraHealth?: never;
  /** Path prefix (e.g. '/dev/zoom') → handler for it and everything under it; filled in after start (the local test servers start later). */
  devRoutes?: Record<string, (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => Promise<void>>;
  log?: (message: string, extra?: Record<string, unknown>) => void;
}

const defaultLog = (message: string, extra?: Record<string, unknown>) => console.error(`[gateway] ${message}`, extra ?? '');

/**
 * Starts the local edition's single origin: the SPA, /api/* proxied to the API Lambdas, the WebSocket
 * with its management API (/@connections), and the dev mailbox pages. Throws if the port cannot be bound.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const log = options.log ?? defaultLog;
  const webDist = path.resolve(options.webDist);
  const sockets = createWebSocketRoutes({ projectRoot: options.projectRoot, websocket: options.websocket, log });
  const apiOptions = { projectRoot: options.projectRoot, apiContexts: options.apiContexts, log };

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const connectionId = managementConnectionId(url.pathname, options.websocket.stage);
    if (connectionId !== undefined) return handleManagementRequest(sockets.connections, connectionId, req, res);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return proxyApiRequest(apiOptions, req, res, url);
    const dev = Object.entries(options.devRoutes ?? {}).find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    if (dev) return dev[1](req, res, url);
    if (options.mailbox && (MAILBOX_PATHS as readonly string[]).includes(url.pathname)) return serveMailbox(options.mailbox, url.pathname, res);
    return serveStatic(webDist, req, res, url.pathname);
  }

  const server = http.createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      log(`Request failed: ${req.method} ${req.url}`, { error: String((error as Error)?.stack ?? error) });
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => sockets.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url,
    port,
    async stop() {
      // Sockets first: $disconnect handlers may still call the management API on this server.
      await sockets.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await closed;
    },
  };
}
