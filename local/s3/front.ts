import http from 'node:http';
import { corsHeaders } from './cors.js';
import { classifyWrite, describeObject, splitPath, type ObjectCreatedEvent, type ObjectWrite } from './events.js';
import { isListV2, listObjectsV2 } from './list-v2.js';
import { handlePostObject, type PostContext } from './post-upload.js';
import { proxy } from './proxy.js';
import { verifySigV4, forAnonymousUpstream, type Credentials } from './sigv4.js';
import type { Upstream } from './upstream.js';
import { sendS3Error } from './xml.js';

export interface FrontOptions extends Omit<PostContext, 'emit'> {
  /** Every request but a CORS preflight and a policy-checked browser POST must be SigV4-signed with these. */
  readonly credentials: Credentials;
  readonly corsOrigins: readonly string[];
  readonly onObjectCreated?: (event: ObjectCreatedEvent) => void;
}

/**
 * The HTTP server clients talk to: proxies everything to s3rver, and itself serves what s3rver
 * gets wrong (presigned POST policies, ListObjectsV2 paging, object-created events).
 */
export function createFront(options: FrontOptions): http.Server {
  const emit = (event: ObjectCreatedEvent) => {
    try {
      options.onObjectCreated?.(event);
    } catch (err) {
      console.error('local S3: onObjectCreated failed', err);
    }
  };
  const context: PostContext = { ...options, emit };
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://front');
    const method = req.method ?? 'GET';
    const { bucket, key } = splitPath(url.pathname);
    if (method === 'POST' && bucket && !key && url.search === '' && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
      void handlePostObject(req, res, bucket, context, corsHeaders(req.headers.origin, options.corsOrigins));
      return;
    }
    let overrides: Record<string, string> = {};
    if (method !== 'OPTIONS') {
      try {
        verifySigV4({ method, url: req.url ?? '/', headers: req.headers }, options.credentials);
      } catch (err) {
        req.resume();
        sendS3Error(res, err, corsHeaders(req.headers.origin, options.corsOrigins));
        return;
      }
      // Verified here; s3rver serves what remains as an anonymous request (it would check its own well-known key).
      delete req.headers.authorization;
      const upstreamRequest = forAnonymousUpstream(req.url ?? '/');
      req.url = upstreamRequest.url;
      overrides = upstreamRequest.overrides;
    }
    if (isListV2(method, url)) {
      listObjectsV2(options.upstream, url, req.headers)
        .then((answer) => res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) }).end(answer.body))
        .catch((err: unknown) => sendS3Error(res, err));
    } else {
      const write = classifyWrite(method, url, req.headers);
      void proxy(req, res, options.upstream, write && ((status) => announce(options.upstream, write, status, emit)), overrides);
    }
  });
}

// A failed lookup must not turn a stored object into an error answer: log it and carry on.
async function announce(upstream: Upstream, write: ObjectWrite, status: number, emit: (e: ObjectCreatedEvent) => void): Promise<void> {
  if (status !== 200) return;
  try {
    const { size, eTag } = await describeObject(upstream, write.bucket, write.key);
    emit({ bucket: write.bucket, key: write.key, size, eTag, eventName: write.eventName, eventTime: new Date().toISOString() });
  } catch (err) {
    console.error('local S3: cannot describe a written object', err);
  }
}
