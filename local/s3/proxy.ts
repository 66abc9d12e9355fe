import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { plainBody } from './aws-chunked.js';
import { requestUpstream, type Upstream } from './upstream.js';
import { sendS3Error } from './xml.js';

// Hop-by-hop headers belong to one connection and are not forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade', 'te', 'trailer']);

const forwardable = (headers: IncomingMessage['headers']): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

/**
 * Streams `req` to s3rver and its answer back. `beforeAnswer` runs once s3rver has answered
 * and before the client sees it (used to fire object-created events in order). Never throws:
 * a failure becomes a 500/502 S3 error answer.
 */
export async function proxy(
  req: IncomingMessage,
  res: ServerResponse,
  upstream: Upstream,
  beforeAnswer?: (status: number) => Promise<void>,
  /** Response headers to set on a successful answer (a presigned GET's response-* overrides). */
  overrides: Readonly<Record<string, string>> = {},
): Promise<void> {
  try {
    const { body, headers } = plainBody(req, forwardable(req.headers));
    // A request without a body can be replayed, so requestUpstream may retry it on a reset connection.
    const bodiless = Number(req.headers['content-length'] ?? 0) === 0 && req.headers['transfer-encoding'] === undefined;
    if (bodiless) req.resume();
    const upRes = await requestUpstream(upstream, { method: req.method ?? 'GET', path: req.url ?? '/', headers, body: bodiless ? undefined : body });
    const status = upRes.statusCode ?? 502;
    await beforeAnswer?.(status);
    res.writeHead(status, status < 300 ? { ...forwardable(upRes.headers), ...overrides } : forwardable(upRes.headers));
    upRes.pipe(res);
    res.once('close', () => upRes.destroy());
  } catch (err) {
    sendS3Error(res, err);
  }
}
