import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { sizeError, substituteFilename, verifyPostPolicy, type PostPolicyInput, type SizeRange } from './post-policy.js';
import type { PolicyLedger } from './policy-ledger.js';
import { S3Error } from './xml.js';

/** A browser POST whose policy held, with its file spooled to disk. */
export interface ReceivedUpload {
  readonly key: string;
  readonly fields: ReadonlyMap<string, string>;
  readonly size: number;
  /** Spool file; the caller removes it. */
  readonly path: string;
  /** Gives the policy's claim back (call it when the upload is not stored after all). */
  readonly unclaim: () => void;
}

export interface ReceiveOptions {
  readonly bucket: string;
  readonly credentials: PostPolicyInput['credentials'];
  /** Where the file waits until its size is known to be allowed (never inside s3rver's folder). */
  readonly spoolDir: string;
  /** When given, each policy uploads once (policy-ledger.ts). */
  readonly ledger?: PolicyLedger;
}

const malformed = () => new S3Error('MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.', 400);

/**
 * Parses a presigned-POST form: checks the policy on the fields that precede `file`, then streams
 * the file to a spool file, failing as soon as it outgrows content-length-range.
 * Rejects with S3Error (policy failures, EntityTooLarge/Small, MalformedPOSTRequest, InvalidArgument).
 */
export function receiveUpload(req: IncomingMessage, options: ReceiveOptions): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let form: busboy.Busboy;
    try {
      form = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fields: 200, fieldSize: 1024 * 1024 } });
    } catch {
      reject(malformed());
      return;
    }
    const fields = new Map<string, string>();
    let upload: Promise<ReceivedUpload> | undefined;
    form.on('field', (name, value) => { if (!upload) fields.set(name.toLowerCase(), value); });
    form.on('file', (name, stream, info) => {
      if (upload || name.toLowerCase() !== 'file') { stream.resume(); return; }
      upload = spool(stream, info.filename ?? '', fields, options);
      upload.catch(reject);
    });
    form.on('close', () => {
      if (upload) upload.then(resolve, reject);
      else reject(new S3Error('InvalidArgument', 'POST requires exactly one file upload per request.', 400, { ArgumentName: 'file', ArgumentValue: 0 }));
    });
    form.on('error', () => reject(malformed()));
    req.pipe(form);
  });
}

async function spool(file: Readable, filename: string, fields: Map<string, string>, options: ReceiveOptions): Promise<ReceivedUpload> {
  let sizeRange: SizeRange | undefined;
  let key: string;
  let unclaim = () => undefined as void;
  try {
    const checked = verifyPostPolicy({ bucket: options.bucket, fields, credentials: options.credentials, now: new Date() });
    sizeRange = checked.sizeRange;
    key = substituteFilename(fields.get('key') ?? '', filename);
    if (!key) {
      throw new S3Error('InvalidArgument', "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.", 400);
    }
    const signature = fields.get('x-amz-signature') ?? '';
    if (options.ledger) {
      if (!options.ledger.claim(signature, checked.expiresAt)) throw new S3Error('AccessDenied', 'Invalid according to Policy: Policy has already been used.',
        403);
      unclaim = () => options.ledger!.release(signature);
    }
  } catch (err) {
    file.resume();
    throw err;
  }
  await mkdir(options.spoolDir, { recursive: true });
  const path = join(options.spoolDir, randomUUID());
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      // Only the upper bound can fail mid-stream: stop at once instead of storing the rest.
      const error = sizeRange && size > sizeRange.max ? sizeError(size, sizeRange) : undefined;
      done(error ?? null, error ? undefined : chunk);
    },
  });
  try {
    await pipeline(file, counter, createWriteStream(path));
    const error = sizeError(size, sizeRange);
    if (error) throw error;
  } catch (err) {
    unclaim();
    await rm(path, { force: true });
    throw err;
  }
  return { key, fields, size, path, unclaim };
}
