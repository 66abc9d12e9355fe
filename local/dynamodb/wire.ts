import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';

/** A DynamoDB JSON document (attribute values in wire form). */
export type Json = Record<string, any>;

export interface WireResponse { readonly statusCode: number; readonly headers: IncomingHttpHeaders; readonly body: Buffer }

export const CONTENT_TYPE = 'application/x-amz-json-1.0';
/** How long the engine (dynalite) keeps an idle connection open, and how long the front lets one idle. */
export const ENGINE_KEEP_ALIVE_MS = 30_000;
const AGENT_IDLE_MS = 10_000;
const TARGET_PREFIX = 'DynamoDB_20120810.';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** An error answer from DynamoDB (or from us, shaped the same). `code` is the part of `__type` after '#'. */
export class DynamoError extends Error {
  override name = 'DynamoError';
  readonly code: string;
  constructor(readonly statusCode: number, readonly body: Json) {
    super(String(body.message ?? body.Message ?? body.__type));
    this.code = String(body.__type ?? '').split('#').pop() ?? '';
  }
}

/** The operation name from an `X-Amz-Target: DynamoDB_20120810.<Op>` header, or '' if absent. */
export function operationOf(headers: IncomingHttpHeaders): string {
  const target = String(headers['x-amz-target'] ?? '');
  return target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
}

/** HTTP client for the engine (dynalite) behind the front. */
export class Wire {
  // Loopback connections are reused (a fresh one per operation cost a connect and an accept each: issue #19's
  // profile). An idle one is closed by us after AGENT_IDLE_MS, well before the engine's keep-alive close
  // (ENGINE_KEEP_ALIVE_MS), so a reused socket does not race the engine closing it; a reset is still retried.
  private readonly agent = new http.Agent({ keepAlive: true, timeout: AGENT_IDLE_MS });
  constructor(private readonly endpoint: string) {}

  /**
   * Sends a request as-is (headers minus hop-by-hop ones) and returns the raw answer. A connection that
   * fails before any answer byte arrives (ECONNRESET/EPIPE/ECONNREFUSED: the engine's accept queue overflowing
   * under load) is retried with a fresh one, up to 3 times, instead of surfacing as a 500 (issue #19).
   * The body is buffered, so a retry resends it whole. (A reset after the engine applied a write would apply it
   * twice; on loopback resets come from the accept queue, before the engine read the request.)
   */
  async forward(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<WireResponse> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.once(method, path, headers, body);
      } catch (error) {
        if (attempt >= 3 || !isConnectionFailure(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
      }
    }
  }

  private once(method: string, path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<WireResponse> {
    const outHeaders: Record<string, string | string[]> = { 'content-length': String(body.length) };
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) outHeaders[name] = value;
    }
    return new Promise((resolve, reject) => {
      const req = http.request(`${this.endpoint}${path}`, { method, headers: outHeaders, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        // Past this point the engine has answered: a broken answer is not retried.
        res.on('error', (error) => reject(Object.assign(error, { answered: true })));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Calls one operation with a JSON input and returns the parsed output. Throws DynamoError on an error answer. */
  async call<T extends Json = Json>(operation: string, input: Json): Promise<T> {
    const res = await this.forward('POST', '/', internalHeaders(operation), Buffer.from(JSON.stringify(input)));
    const parsed = res.body.length ? JSON.parse(res.body.toString('utf8')) : {};
    if (res.statusCode !== 200) throw new DynamoError(res.statusCode, parsed);
    return parsed as T;
  }

  /** Drops the pooled connections so the engine can close. */
  close(): void {
    this.agent.destroy();
  }
}

const RETRYABLE = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED']);
/** A socket-level failure before the engine answered. */
export const isConnectionFailure = (error: unknown): boolean =>
  RETRYABLE.has(String((error as { code?: string })?.code)) && !(error as { answered?: boolean }).answered;

// dynalite checks that a SigV4 header is present and well-formed, never the signature itself.
function internalHeaders(operation: string): IncomingHttpHeaders {
  const date = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
  return {
    'content-type': CONTENT_TYPE,
    'x-amz-target': `${TARGET_PREFIX}${operation}`,
    'x-amz-date': date,
    authorization: `AWS4-HMAC-SHA256 Credential=S3RVER/${date.slice(0, 8)}/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0`,
  };
}

/** Writes a JSON answer the way DynamoDB does (no x-amz-crc32: the SDK only checks it when present). */
export function sendJson(res: ServerResponse, statusCode: number, body: Json): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomBytes(39).toString('base64').toUpperCase().replace(/[+/]/g, '0'),
  });
  res.end(text);
}

/** A DynamoDB-shaped client error, e.g. `validation('...')`. */
export function validationError(message: string): DynamoError {
  return new DynamoError(400, { __type: 'com.amazon.coral.validate#ValidationException', message });
}
