/**
 * The one HTTP client of the SPA: adds the bearer token, sends JSON or form-encoded bodies, parses
 * JSON or text answers and turns every failure into an ApiError (spec §8: no response = 503).
 */
import { env } from '../config/env.js';
import { readAccessToken } from '../lib/session.js';

export const SERVICE_UNAVAILABLE = 'Service Unavailable';

/** A failed call: the HTTP status and the parsed body (object, array or text). */
export class ApiError extends Error {
  readonly name = 'ApiError';
  constructor(readonly status: number, readonly data: unknown) {
    super(`Request failed with status ${status}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Whether to send the bearer token (default true). */
  auth?: boolean;
  /** A bearer token to send instead of the stored session's (e.g. the one being signed out). */
  token?: string;
  /** Lets the request outlive the page (fetch keepalive), for a call made while the app navigates away. */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | undefined;
  /** Called when an authenticated call answers 401, so the session can end. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function buildInit(options: RequestOptions, token: string | undefined): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, ...(options.keepalive ? { keepalive: true } : {}) };
}

/** Builds a client; `request` resolves to the parsed body and throws ApiError on any failure. */
export function createApiClient(client: ApiClientOptions) {
  const doFetch = client.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const token = options.auth === false ? undefined : options.token ?? client.getToken();
    let response: Response;
    try {
      response = await doFetch(`${client.baseUrl}${path}`, buildInit(options, token));
    } catch {
      throw new ApiError(503, SERVICE_UNAVAILABLE);
    }
    const data = await parseBody(response).catch(() => null);
    if (!response.ok) {
      if (response.status === 401 && token) client.onUnauthorized?.();
      throw new ApiError(response.status, data);
    }
    return data as T;
  };
}

let unauthorizedHandler: (() => void) | undefined;

/** Registers what to do when the server rejects the stored token (the auth provider logs out). */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  unauthorizedHandler = handler;
}

/** The application's client: same-origin API, token from the stored session. */
export const apiRequest = createApiClient({
  baseUrl: env.apiUrl,
  getToken: () => readAccessToken(),
  onUnauthorized: () => unauthorizedHandler?.(),
});
