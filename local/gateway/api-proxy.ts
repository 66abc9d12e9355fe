import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { ApiContextDefinition } from '../../lib/definitions/api.js';
import { invokeLocalLambda } from '../lambda/invoke.js';
import { BodyTooLarge, headerMaps, queryMaps, readBody, sendJson, sourceIp } from './http-util.js';

const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's payload limit
const STAGE = 'prod';
const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b|application\/[\w.+-]+\+(json|xml)\b)/i;

export interface ApiProxyOptions {
  projectRoot: string;
  apiContexts: readonly ApiContextDefinition[];
  log: (message: string, extra?: Record<string, unknown>) => void;
}

/**
 * Handles one /api/* request the way an API Gateway REST proxy integration does: builds the v1 proxy
 * event, invokes the owning context's Lambda in-process and writes its result back. Never throws.
 */
export async function proxyApiRequest(options: ApiProxyOptions, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
  const [segment = '', ...rest] = url.pathname.slice('/api/'.length).split('/');
  const context = options.apiContexts.find((c) => c.pathSegments.includes(segment));
  if (!context) return sendJson(res, 404, { detail: `No API context serves /api/${segment}` });

  let body: Buffer;
  try {
    body = await readBody(req, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return sendJson(res, 413, { message: 'Request Too Long' });
    throw error;
  }
  const event = proxyEvent(req, url, segment, rest.join('/'), body);
  let result: APIGatewayProxyResult;
  try {
    result = await invokeLocalLambda(options.projectRoot, context.entry, event, context.id);
  } catch (error) {
    options.log(`API handler ${context.id} failed on ${event.httpMethod} ${event.path}`, { error: String((error as Error)?.stack ?? error) });
    return sendJson(res, 502, { message: 'Internal server error' });
  }
  writeResult(options, res, context.id, result);
}

function proxyEvent(req: http.IncomingMessage, url: URL, segment: string, proxy: string, body: Buffer): APIGatewayProxyEvent {
  const httpMethod = req.method ?? 'GET';
  const resource = proxy === '' ? `/api/${segment}` : `/api/${segment}/{proxy+}`;
  const binary = body.length > 0 && !TEXT_TYPES.test(req.headers['content-type'] ?? 'text/plain');
  const now = new Date();
  return {
    resource,
    path: url.pathname,
    httpMethod,
    ...headerMaps(req),
    ...queryMaps(url),
    pathParameters: proxy === '' ? null : { proxy: safeDecode(proxy) },
    stageVariables: null,
    requestContext: {
      accountId: '000000000000', apiId: 'local', resourceId: 'local', stage: STAGE, protocol: `HTTP/${req.httpVersion}`,
      requestId: randomUUID(), extendedRequestId: randomUUID(), httpMethod, path: `/${STAGE}${url.pathname}`, resourcePath: resource,
      requestTime: now.toUTCString(), requestTimeEpoch: now.getTime(), authorizer: null,
      identity: identity(req),
    },
    body: body.length === 0 ? null : body.toString(binary ? 'base64' : 'utf8'),
    isBase64Encoded: binary,
  };
}

function identity(req: http.IncomingMessage): APIGatewayProxyEvent['requestContext']['identity'] {
  return {
    sourceIp: sourceIp(req), userAgent: req.headers['user-agent'] ?? null, accessKey: null, accountId: null, apiKey: null, apiKeyId: null,
    caller: null, clientCert: null, cognitoAuthenticationProvider: null, cognitoAuthenticationType: null, cognitoIdentityId: null,
    cognitoIdentityPoolId: null, principalOrgId: null, user: null, userArn: null,
  };
}

function writeResult(options: ApiProxyOptions, res: http.ServerResponse, contextId: string, result: APIGatewayProxyResult): void {
  if (typeof result !== 'object' || result === null || !Number.isInteger(result.statusCode)) {
    options.log(`API handler ${contextId} returned a malformed proxy response`, { result: String(JSON.stringify(result)).slice(0, 500) });
    return sendJson(res, 502, { message: 'Internal server error' });
  }
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) res.setHeader(name, values.map(String));
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  const body = Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
  res.setHeader('content-length', body.length);
  res.writeHead(result.statusCode).end(body);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
