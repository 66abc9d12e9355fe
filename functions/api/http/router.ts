import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ZodType } from 'zod';
import type { Authenticator, Principal, PublicCallLimiter } from '../../core/auth/principal.js';
import { MethodNotAllowed, NotFound, TooManyRequests, Unauthenticated, ValidationFailed } from '../../core/errors.js';
import { bindLambdaContext, logger as containerLogger } from '../../wiring/logging.js';
import { errorToResponse, type ErrorLogger } from './error-mapping.js';
import { header, parseBody } from './request.js';
import { HttpResponse, toProxyResult } from './response.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type { Authenticator, Principal };

/** What a route's handle receives; `principal` is set for 'user' routes (the router answers 401 before calling them otherwise). */
export interface RouteContext<Body, Caller extends Principal | undefined = Principal | undefined> {
  readonly body: Body;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string | undefined>>;
  readonly principal: Caller;
  readonly sourceIp: string | undefined;
  readonly event: APIGatewayProxyEvent;
}

interface RouteShape<Body> {
  readonly method: HttpMethod;
  /** Path under /api/, with {name} placeholders, e.g. 'meetings/{id}/'. Trailing slash optional when matching. */
  readonly path: string;
  readonly body?: ZodType<Body>;
  /** The body is a file (read with `requestBytes(event)`), not JSON or form data: the router leaves it undecoded. */
  readonly rawBody?: boolean;
}

/** A route signed-in users call: its handle gets a principal by type (no non-null assertion). */
export interface UserRoute<Body = unknown> extends RouteShape<Body> {
  readonly auth: 'user';
  handle(context: RouteContext<Body, Principal>): Promise<unknown>;
}

/** A route anyone may call; a bearer token, when sent and valid, still gives a principal. */
export interface PublicRoute<Body = unknown> extends RouteShape<Body> {
  readonly auth: 'public';
  handle(context: RouteContext<Body>): Promise<unknown>;
}

export type Route<Body = unknown> = UserRoute<Body> | PublicRoute<Body>;

/** Declares a route with its body type inferred from the schema. */
export const route = <Body>(definition: Route<Body>): Route<Body> => definition;

interface CompiledRoute { route: Route<any>; pattern: RegExp; names: string[] }

function compile(route: Route<any>): CompiledRoute {
  const names: string[] = [];
  const trimmed = route.path.replace(/^\/+|\/+$/g, '');
  const source = trimmed.split('/').map((segment) => {
    const match = /^\{(\w+)\}$/.exec(segment);
    if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(match[1]);
    return '([^/]+)';
  }).join('/');
  return { route, names, pattern: new RegExp(`^/?api/${source}/?$`) };
}

export type { PublicCallLimiter };

export const TOO_MANY_PUBLIC_CALLS = 'Too many requests from your network. Please try again later.';

export interface ApiHandlerOptions {
  readonly authenticator?: Authenticator;
  /** Applied to every 'public' route (issue #19: per-IP limits on public calls). */
  readonly publicLimiter?: PublicCallLimiter;
  readonly logger?: ErrorLogger;
}

/**
 * Builds the Lambda handler of one bounded context: matches method and path, authenticates,
 * validates the body with the route's schema, runs the route, and maps errors in one place.
 */
export function createApiHandler(routes: readonly Route<any>[], options: ApiHandlerOptions = {}) {
  const compiled = routes.map(compile);
  const logger = options.logger ?? containerLogger;

  const dispatch = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
    const path = event.path ?? '/';
    const candidates = compiled.map((c) => ({ c, m: c.pattern.exec(path) })).filter((x) => x.m !== null);
    if (candidates.length === 0) throw new NotFound(`No such endpoint: ${path}`);
    const chosen = candidates.find((x) => x.c.route.method === event.httpMethod);
    if (!chosen) throw new MethodNotAllowed(event.httpMethod, [...new Set(candidates.map((x) => x.c.route.method))]);
    const { c, m } = chosen;
    const params = Object.fromEntries(c.names.map((name, i) => [name, decodePathSegment(m![i + 1])]));
    checkLengths(params, event.queryStringParameters ?? {});
    const sourceIp = event.requestContext?.identity?.sourceIp;
    if (c.route.auth === 'public' && options.publicLimiter && sourceIp) {
      const { retryAfterSeconds } = await options.publicLimiter.take(sourceIp, `${c.route.method} ${c.route.path}`);
      if (retryAfterSeconds !== undefined) throw new TooManyRequests(TOO_MANY_PUBLIC_CALLS, false, retryAfterSeconds);
    }
    const principal = await authenticate(c.route, event, options.authenticator);
    const raw = c.route.rawBody ? undefined : parseBody(event);
    const body = c.route.body ? c.route.body.parse(raw) : raw;
    // authenticate() has thrown Unauthenticated for a 'user' route without a principal, so either kind of handle fits.
    const handle = c.route.handle as PublicRoute<unknown>['handle'];
    const result = await handle({
      body, params, principal,
      query: event.queryStringParameters ?? {},
      sourceIp,
      event,
    });
    return result instanceof HttpResponse
      ? toProxyResult(result.statusCode, result.body, result.headers)
      : toProxyResult(200, result);
  };

  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>(dispatch).use({
    before: async (request) => { bindLambdaContext(request.context); },
    onError: async (request) => {
      request.response = errorToResponse(request.error, logger);
    },
  });
  // What this context serves, read by the attack tests (test/helpers/attack/) so that no route escapes the access matrix.
  const served: readonly ServedRoute[] = routes.map((r) => ({ method: r.method, path: r.path, auth: r.auth }));
  return Object.assign(handler, { routes: served });
}

/** A route as a context's handler lists it (`handler.routes`). */
export interface ServedRoute { readonly method: HttpMethod; readonly path: string; readonly auth: Route['auth'] }

/** Longest id a path may carry: far above any id MeetScribe issues, far below DynamoDB's 2,048-byte key limit. */
export const MAX_ID_BYTES = 512;
/** Longest query-string value (API Gateway allows URLs of about 8 KB in all). */
export const MAX_QUERY_VALUE_BYTES = 2048;

/** An id or query value past the limits is a 400, instead of a DynamoDB ValidationException's 500. */
function checkLengths(params: Record<string, string>, query: Record<string, string | undefined>): void {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(params)) {
    if (Buffer.byteLength(value) > MAX_ID_BYTES) fields[name] = [`Ensure this value has at most ${MAX_ID_BYTES} bytes.`];
  }
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && Buffer.byteLength(value) > MAX_QUERY_VALUE_BYTES) {
      fields[name] = [`Ensure this value has at most ${MAX_QUERY_VALUE_BYTES} bytes.`];
    }
  }
  if (Object.keys(fields).length > 0) throw new ValidationFailed(fields);
}

/** A path segment with a malformed %-escape names nothing that exists: 404, not a URIError's 500. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new NotFound('Not found.');
  }
}

async function authenticate(route: Route<any>, event: APIGatewayProxyEvent, authenticator?: Authenticator) {
  const authorization = header(event, 'authorization');
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (route.auth === 'public') {
    return token && authenticator ? authenticator.authenticate(token).catch(() => undefined) : undefined;
  }
  if (!token || !authenticator) throw new Unauthenticated();
  return authenticator.authenticate(token);
}
