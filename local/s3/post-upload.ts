import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ObjectCreatedEvent } from './events.js';
import { receiveUpload, type ReceiveOptions, type ReceivedUpload } from './post-form.js';
import { objectPath, readText, requestUpstream, type Upstream } from './upstream.js';
import { escapeXml, S3Error, sendS3Error, unescapeXml } from './xml.js';

export interface PostContext extends Omit<ReceiveOptions, 'bucket'> {
  readonly upstream: Upstream;
  readonly emit: (event: ObjectCreatedEvent) => void;
}

// Form fields S3 stores as object headers.
const STORED_FIELDS = ['content-type', 'cache-control', 'content-disposition', 'content-encoding', 'expires'];

/**
 * Serves a browser POST upload to `bucket`: enforces its policy, stores the file in s3rver with a
 * PutObject, fires ObjectCreated:Post and answers as S3 does. Errors are answered in S3's XML shape.
 */
export async function handlePostObject(
  req: IncomingMessage, res: ServerResponse, bucket: string, context: PostContext, cors: Record<string, string>,
): Promise<void> {
  try {
    const upload = await receiveUpload(req, { bucket, credentials: context.credentials, spoolDir: context.spoolDir, ledger: context.ledger });
    let eTag: string;
    try {
      eTag = await store(context.upstream, bucket, upload);
    } catch (err) {
      upload.unclaim();
      throw err;
    } finally {
      await rm(upload.path, { force: true });
    }
    context.emit({
      bucket, key: upload.key, size: upload.size, eTag, eventName: 'ObjectCreated:Post', eventTime: new Date().toISOString(),
    });
    answer(req, res, bucket, upload, eTag, cors);
  } catch (err) {
    // The rest of the body is read and dropped so the client still sees the answer.
    req.unpipe();
    req.resume();
    sendS3Error(res, err, cors);
  }
}

async function store(upstream: Upstream, bucket: string, upload: ReceivedUpload): Promise<string> {
  const headers: OutgoingHttpHeaders = { 'content-length': upload.size, 'content-type': 'binary/octet-stream' };
  for (const [name, value] of upload.fields) {
    if (STORED_FIELDS.includes(name) || name.startsWith('x-amz-meta-')) headers[name] = value;
  }
  const res = await requestUpstream(upstream, {
    method: 'PUT', path: objectPath(bucket, upload.key), headers, body: createReadStream(upload.path),
  });
  const body = await readText(res);
  if (res.statusCode !== 200) {
    const tag = (name: string) => unescapeXml(new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1] ?? '');
    throw new S3Error(tag('Code') || 'InternalError', tag('Message') || 'Upload failed', res.statusCode ?? 500);
  }
  return (res.headers.etag ?? '').replace(/"/g, '');
}

function answer(
  req: IncomingMessage, res: ServerResponse, bucket: string, upload: ReceivedUpload, eTag: string, cors: Record<string, string>,
): void {
  const location = `http://${req.headers.host}${objectPath(bucket, upload.key)}`;
  const headers = { ...cors, etag: `"${eTag}"`, location };
  const redirect = upload.fields.get('success_action_redirect') ?? upload.fields.get('redirect');
  if (redirect && URL.canParse(redirect)) {
    const target = new URL(redirect);
    for (const [name, value] of Object.entries({ bucket, key: upload.key, etag: `"${eTag}"` })) target.searchParams.set(name, value);
    res.writeHead(303, { ...headers, location: target.toString() }).end();
    return;
  }
  const status = Number(upload.fields.get('success_action_status'));
  if (status === 201) {
    const body = '<?xml version="1.0" encoding="UTF-8"?>\n<PostResponse>'
      + `<Location>${escapeXml(location)}</Location><Bucket>${escapeXml(bucket)}</Bucket>`
      + `<Key>${escapeXml(upload.key)}</Key><ETag>"${eTag}"</ETag></PostResponse>`;
    res.writeHead(201, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }).end(body);
    return;
  }
  res.writeHead(status === 200 ? 200 : 204, headers).end();
}
