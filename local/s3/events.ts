import type { IncomingHttpHeaders } from 'node:http';
import { objectPath, requestUpstream, type Upstream } from './upstream.js';

/** What `onObjectCreated` receives for each object written. */
export interface ObjectCreatedEvent {
  bucket: string;
  /** Decoded, as stored. */
  key: string;
  size: number;
  eTag?: string;
  /** e.g. 'ObjectCreated:Put'. */
  eventName: string;
  /** ISO time. */
  eventTime: string;
}

export type CreatedEventName = 'ObjectCreated:Put' | 'ObjectCreated:Post' | 'ObjectCreated:Copy' | 'ObjectCreated:CompleteMultipartUpload';

/** An object write the front proxies, recognised from the request alone. */
export interface ObjectWrite { readonly bucket: string; readonly key: string; readonly eventName: CreatedEventName }

/** Splits `/bucket/key...` into the bucket and the decoded key (empty key for a bucket path). */
export function splitPath(pathname: string): { bucket: string; key: string } {
  const [, bucket = '', ...rest] = pathname.split('/');
  return { bucket: decodeURIComponent(bucket), key: decodeURIComponent(rest.join('/')) };
}

// Query parameters that do not turn a PUT into a sub-resource call: the SDK's x-id and presigned-URL fields.
const isPlainParam = (name: string) => name === 'x-id' || name.toLowerCase().startsWith('x-amz-');

/**
 * Tells whether a request creates an object once it succeeds (PutObject, CopyObject,
 * CompleteMultipartUpload) and which event S3 would send for it.
 */
export function classifyWrite(method: string, url: URL, headers: IncomingHttpHeaders): ObjectWrite | undefined {
  const { bucket, key } = splitPath(url.pathname);
  if (!bucket || !key) return undefined;
  const params = [...url.searchParams.keys()];
  if (method === 'PUT' && params.every(isPlainParam)) {
    return { bucket, key, eventName: headers['x-amz-copy-source'] ? 'ObjectCreated:Copy' : 'ObjectCreated:Put' };
  }
  if (method === 'POST' && url.searchParams.has('uploadId') && !url.searchParams.has('uploads')) {
    return { bucket, key, eventName: 'ObjectCreated:CompleteMultipartUpload' };
  }
  return undefined;
}

/** Size and ETag (unquoted) of a stored object, read with a HEAD on s3rver. Throws if it is missing. */
export async function describeObject(upstream: Upstream, bucket: string, key: string): Promise<{ size: number; eTag?: string }> {
  const res = await requestUpstream(upstream, { method: 'HEAD', path: objectPath(bucket, key) });
  res.resume();
  if (res.statusCode !== 200) throw new Error(`HEAD ${bucket}/${key} answered ${res.statusCode}`);
  const eTag = res.headers.etag?.replace(/"/g, '');
  return { size: Number(res.headers['content-length'] ?? 0), eTag };
}
