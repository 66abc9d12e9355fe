import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ApiContextDefinition, WebSocketDefinition } from '../../lib/definitions/api.js';
import { securityHeaders } from '../../lib/definitions/security-headers.js';
import type { Mailbox } from '../mail/index.js';
import { refuseCrossSiteDevWrite } from './dev-guard.js';
import { createAdmission, DEFAULT_ADMISSION, type AdmissionOptions } from './admission.js';
import { proxyApiRequest } from './api-proxy.js';
import { handleManagementRequest, managementConnectionId } from './connections.js';
import { sendJson } from './http-util.js';
import { MAILBOX_PATHS, serveMailbox } from './mailbox-pages.js';
import { serveStatic } from './static.js';
import { createWebSocketRoutes } from './websocket.js';

export interface Gateway {
  readonly url: string /* http://host:port */; readonly port: number; stop(): Promise<void>;
  /** Releases /api requests held since start (holdApiUntilReady): every endpoint a handler reads is set. */
  markReady(): void;
  /** The media bucket's origin(s), which the Content-Security-Policy lets the SPA upload to and play from. */
  setStorageOrigins(origins: readonly string[]): void;
}
export interface GatewayOptions {
  host?: string /* 127.0.0.1 */; port?: number /* 0 random */;
  projectRoot: string; webDist: string /* absolute path of the built SPA */;
  apiContexts: readonly ApiContextDefinition[]; websocket: WebSocketDefinition;
  mailbox?: Mailbox /* when given, /dev/mailbox and /dev/mailbox.json are served; otherwise those paths are plain SPA/404 */;
  extraHealth?: never;
  /**
   * Holds /api/* requests until markReady() (answering 503 with Retry-After if that takes over 30 s), so no
   * handler module is loaded, and no SDK client built, before the runtime has set every service endpoint.
   * @default false (ready at once)
   */
  holdApiUntilReady?: boolean;
  /** Load shedding of /api (local/gateway/admission.ts). @default DEFAULT_ADMISSION */
  admission?: AdmissionOptions;
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

  // Stripe.js is allowed when billing is configured (issue #14's publishable key).
  const stripe = Boolean(process.env.STRIPE_PUBLISHABLE_KEY || process.env.VITE_STRIPE_PUBLISHABLE_KEY);
  let headers = securityHeaders({ storageOrigins: [], stripe, hsts: false });
  const admission = createAdmission(options.admission ?? DEFAULT_ADMISSION);
  const readiness = createReadiness(!options.holdApiUntilReady);
  const waitUntilReady = readiness.wait;

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const connectionId = managementConnectionId(url.pathname, options.websocket.stage);
    if (connectionId !== undefined) return handleManagementRequest(sockets.connections, connectionId, req, res);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      if (!(await waitUntilReady())) return sendJson(res, 503, { detail: 'The service is starting. Please retry.' }, { 'retry-after': '1' });
      const release = await admission.enter();
      if (!release) return sendJson(res, 503, { detail: 'The service is busy. Please retry shortly.' }, { 'retry-after': '1' });
      try {
        return await proxyApiRequest(apiOptions, req, res, url);
      } finally {
        release();
      }
    }
    if (url.pathname === '/dev' || url.pathname.startsWith('/dev/')) {
      const refused = refuseCrossSiteDevWrite(req, options.host ?? '127.0.0.1');
      if (refused) { req.resume(); return sendJson(res, refused.status, { message: refused.message }); }
    }
    const dev = Object.entries(options.devRoutes ?? {}).find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
    if (dev) return dev[1](req, res, url);
    if (options.mailbox && (MAILBOX_PATHS as readonly string[]).includes(url.pathname)) return serveMailbox(options.mailbox, url.pathname, res);
    return serveStatic(webDist, req, res, url.pathname);
  }

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    route(req, res).catch((error: unknown) => {
      log(`Request failed: ${req.method} ${req.url}`, { error: String((error as Error)?.stack ?? error) });
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal server error' });
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    void waitUntilReady().then((isReady) => (isReady ? sockets.handleUpgrade(req, socket, head) : socket.destroy()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    url,
    port,
    setStorageOrigins(origins) {
      headers = securityHeaders({ storageOrigins: origins, stripe, hsts: false });
    },
    markReady: readiness.markReady,
    async stop() {
      // Sockets first: $disconnect handlers may still call the management API on this server.
      await sockets.close();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The /api hold of holdApiUntilReady: wait() resolves true once markReady() is called, false after 30 s without it. */
function createReadiness(readyAtOnce: boolean): { wait(): Promise<boolean>; markReady(): void } {
  let ready = readyAtOnce;
  let release: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => { release = resolve; });
  return {
    async wait() {
      if (ready) return true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([whenReady, new Promise<void>((resolve) => { timer = setTimeout(resolve, 30_000); })]);
      clearTimeout(timer);
      return ready;
    },
    markReady() {
      ready = true;
      release();
    },
  };
}
