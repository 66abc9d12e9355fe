import http from 'node:http';
import type { Readable } from 'node:stream';

/** How the front reaches s3rver: its port and the agent, destroyed on stop. */
export interface Upstream { readonly port: number; readonly agent: http.Agent }

export interface UpstreamRequest {
  readonly method: string;
  /** Path and query, already URL-encoded. */
  readonly path: string;
  readonly headers?: http.OutgoingHttpHeaders;
  readonly body?: Readable;
}

const RETRYABLE = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED']);

/**
 * Sends one request to s3rver and resolves with its (unread) response. A bodiless request (GET, HEAD,
 * DELETE, listings, the front's own lookups) whose connection fails before an answer is retried up to
 * 3 times with a fresh connection, so s3rver's accept queue overflowing under load does not surface as a
 * 500 (issue #19). A streamed body cannot be replayed: its failure rejects. Rejects on a connection error.
 */
export async function requestUpstream(upstream: Upstream, request: UpstreamRequest): Promise<http.IncomingMessage> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await requestOnce(upstream, request);
    } catch (error) {
      if (request.body || attempt >= 3 || !RETRYABLE.has(String((error as { code?: string }).code))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
    }
  }
}

function requestOnce(upstream: Upstream, request: UpstreamRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port: upstream.port, agent: upstream.agent,
      method: request.method, path: request.path, headers: request.headers,
    }, resolve);
    req.once('error', reject);
    if (request.body) {
      request.body.once('error', (err) => req.destroy(err));
      request.body.pipe(req);
    } else {
      req.end();
    }
  });
}

/** Reads a whole (small) upstream response body as text. */
export async function readText(res: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** URL path of an object: each key segment percent-encoded, as s3rver decodes it back. */
export function objectPath(bucket: string, key: string): string {
  return `/${encodeURIComponent(bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`;
}
