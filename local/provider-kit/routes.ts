/**
 * The route table of the local provider servers (Stripe, Zoom, Webex, Todoist, BasicOps): method + path pattern →
 * a small named handler, with path parameters, body reading (text, JSON, form) and the answers the table itself gives
 * (no such path, wrong method, unreadable body, too large a body, a failure) in the provider's own wire format
 * (../shared/design/third-party-apis.md). A handler returns a Reply, or writes the response itself (a stream) and
 * returns nothing.
 *
 * Path patterns: literal segments, `:name` (one segment) and `*name` (one or more segments, slashes
 * included); parameters come percent-decoded. A parameter that does not decode makes the route not match.
 */
import type http from 'node:http';
import { BodyTooLarge, readBody } from '../gateway/http-util.js';

export interface Reply {
  status: number;
  /** JSON body (omitted: no body). */
  body?: unknown;
  headers?: Record<string, string>;
  /** An HTML page instead of JSON. */
  html?: string;
  /** A plain body sent as it is (its content-type in `headers`). */
  text?: string;
}

export interface Call {
  readonly req: http.IncomingMessage;
  readonly res: http.ServerResponse;
  readonly url: URL;
  readonly method: string;
  /** The path matched (without the trailing slash when the table trims it). */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** The body as UTF-8 text (read once; the provider's 413 past the table's limit). */
  text(): Promise<string>;
  /** The body as a JSON object; an empty body is `{}`; anything else is the provider's 400. */
  json(): Promise<Record<string, unknown>>;
  /** The body as a form (application/x-www-form-urlencoded). */
  form(): Promise<URLSearchParams>;
}

export type Handler = (call: Call) => Promise<Reply | void> | Reply | void;

export interface Route { readonly method: string; readonly path: string; readonly handler: Handler }

/** A route; method '*' takes every method (an authorize page that is both a GET and a form POST). */
export const route = (method: string, path: string, handler: Handler): Route => ({ method, path, handler });

/** How a provider words the answers the table gives itself. */
export interface WireFormat {
  /** The provider's error answer with this status and message. */
  error(status: number, message: string): Reply;
  /** No route for the path. Default: error(404, `No such endpoint: METHOD path`). */
  notFound?(method: string, path: string): Reply;
  /**
   * A known path asked with another method. Default: error(405, …) with an Allow header; 'not-found' answers as
   * for an unknown path (Stripe answers "Unrecognized request URL" for both).
   */
  wrongMethod?: 'not-found' | ((method: string, path: string, allowed: readonly string[]) => Reply);
  /** A provider error thrown by a handler → its answer; undefined: not one of the provider's (a 500 follows). */
  caught?(error: unknown): Reply | undefined;
  /** Message of the 400 for a body that is not a JSON object. @default 'Request body must be a JSON object' */
  badJson?: string;
  /** Largest body read, in bytes. @default 1_000_000 */
  bodyLimit?: number;
  /** Trailing slashes are dropped before matching (Webex, Todoist, BasicOps and the /dev/ read-outs). @default false */
  trimSlash?: boolean;
  /** Logs an unexpected failure before the 500 is sent. */
  log?(message: string, extra?: Record<string, unknown>): void;
}

/** Thrown by Call.json() for a body that is not a JSON object: the table answers the provider's 400. */
export class BadJsonBody extends Error {
  name = 'BadJsonBody';
}

interface Compiled { route: Route; pattern: RegExp; names: string[] }

export type Match = { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined;

export interface RouteTable {
  /** Serves one request (never rejects: failures are answered in the provider's format). */
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /** The route and parameters for a method and path; 'wrong-method' lists the methods the path takes. */
  match(method: string, path: string): Match;
}

export function routeTable(routes: readonly Route[], wire: WireFormat): RouteTable {
  const compiled = routes.map(compile);

  function match(method: string, path: string): Match {
    const allowed: string[] = [];
    for (const entry of compiled) {
      const params = paramsOf(entry, path);
      if (!params) continue;
      if (entry.route.method === '*' || entry.route.method === method) return { route: entry.route, params };
      allowed.push(entry.route.method);
    }
    return allowed.length > 0 ? { allowed } : undefined;
  }

  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<Reply | void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = req.method ?? 'GET';
    const path = wire.trimSlash ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const found = match(method, path);
    if (!found) return notFound(wire, method, path);
    if ('allowed' in found) {
      if (wire.wrongMethod === 'not-found') return notFound(wire, method, path);
      if (wire.wrongMethod) return wire.wrongMethod(method, path, found.allowed);
      const reply = wire.error(405, `Method ${method} is not allowed on ${path}.`);
      return { ...reply, headers: { ...reply.headers, allow: found.allowed.join(', ') } };
    }
    return found.route.handler(newCall(req, res, url, method, path, found.params, wire));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let reply: Reply | void;
    try {
      reply = await answer(req, res);
    } catch (error) {
      reply = failure(wire, error, req);
      if (res.headersSent) { res.destroy(); return; }
    }
    if (reply && !res.headersSent) sendReply(res, reply);
  }

  return { handle, match };
}

function notFound(wire: WireFormat, method: string, path: string): Reply {
  return wire.notFound ? wire.notFound(method, path) : wire.error(404, `No such endpoint: ${method} ${path}`);
}

function failure(wire: WireFormat, error: unknown, req: http.IncomingMessage): Reply {
  if (error instanceof BadJsonBody) return wire.error(400, wire.badJson ?? 'Request body must be a JSON object');
  const own = wire.caught?.(error);
  if (own) return own;
  if (error instanceof BodyTooLarge) return wire.error(413, 'Request body too large');
  wire.log?.(`Request failed: ${req.method} ${req.url}`, { error: String((error as Error)?.stack ?? error) });
  return wire.error(500, 'Internal error');
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  const source = route.path.split('/').map((segment) => {
    if (segment.startsWith(':')) { names.push(segment.slice(1)); return '([^/]+)'; }
    if (segment.startsWith('*')) { names.push(segment.slice(1)); return '(.+)'; }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

function paramsOf(entry: Compiled, path: string): Record<string, string> | undefined {
  const found = entry.pattern.exec(path);
  if (!found) return undefined;
  const params: Record<string, string> = {};
  try {
    entry.names.forEach((name, i) => { params[name] = decodeURIComponent(found[i + 1]); });
  } catch {
    return undefined;
  }
  return params;
}

function newCall(req: http.IncomingMessage, res: http.ServerResponse, url: URL, method: string, path: string, params: Record<string, string>,
  wire: WireFormat): Call {
  let body: Promise<string> | undefined;
  const text = () => (body ??= readBody(req, wire.bodyLimit ?? 1_000_000).then((bytes) => bytes.toString('utf8')));
  return {
    req, res, url, method, path, params, text,
    async json() {
      const raw = await text();
      let value: unknown;
      try {
        value = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        throw new BadJsonBody();
      }
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadJsonBody();
      return value as Record<string, unknown>;
    },
    form: async () => new URLSearchParams(await text()),
  };
}

/** Writes a Reply: an HTML page, a plain body, or JSON (no body when `body` is undefined). */
export function sendReply(res: http.ServerResponse, reply: Reply): void {
  if (reply.html !== undefined) {
    res.writeHead(reply.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...reply.headers }).end(reply.html);
    return;
  }
  if (reply.text !== undefined) {
    res.writeHead(reply.status, reply.headers).end(reply.text);
    return;
  }
  const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, { ...(text ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) } : {}),
    ...reply.headers });
  res.end(text);
}

/** A provider server that also serves its /dev/ calls on the app gateway through `handle` (Todoist, BasicOps). */
export interface LocalProviderServer {
  readonly endpoint: string;
  /** Serves one request as the server does (the gateway's /dev/ read-outs use it). */
  readonly handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  stop(): Promise<void>;
}

/** Serves a route table as a Node request listener. */
export function listener(table: RouteTable): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => { void table.handle(req, res); };
}
