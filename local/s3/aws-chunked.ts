import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { S3Error } from './xml.js';

const malformed = () => new S3Error('IncompleteBody', 'The request body is not valid aws-chunked encoding.', 400);
const MAX_LINE = 64 * 1024;

/** Strips aws-chunked framing (`size[;chunk-signature=..]\r\n data \r\n ... 0\r\n trailers \r\n\r\n`). */
export class AwsChunkedDecoder extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private state: 'size' | 'data' | 'crlf' | 'trailer' | 'done' = 'size';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    try {
      this.consume();
      done();
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.state === 'done' || this.state === 'trailer' ? null : malformed());
  }

  private consume(): void {
    while (this.pending.length > 0 && this.state !== 'done') {
      if (this.state === 'data') {
        const n = Math.min(this.remaining, this.pending.length);
        this.push(this.pending.subarray(0, n));
        this.pending = this.pending.subarray(n);
        this.remaining -= n;
        if (this.remaining === 0) this.state = 'crlf';
        continue;
      }
      const eol = this.pending.indexOf('\r\n');
      if (eol < 0) {
        if (this.pending.length > MAX_LINE) throw malformed();
        return;
      }
      const line = this.pending.subarray(0, eol).toString('latin1');
      this.pending = this.pending.subarray(eol + 2);
      this.readLine(line);
    }
  }

  private readLine(line: string): void {
    if (this.state === 'crlf') {
      if (line !== '') throw malformed();
      this.state = 'size';
    } else if (this.state === 'size') {
      const size = parseInt(line.split(';')[0] ?? '', 16);
      if (!Number.isInteger(size) || size < 0) throw malformed();
      this.remaining = size;
      this.state = size === 0 ? 'trailer' : 'data';
    } else if (line === '') {
      this.state = 'done';
    }
  }
}

/**
 * The body and headers to send s3rver for a client request: an aws-chunked body (what the SDK sends
 * for streams with checksums) is decoded, as S3 does, because s3rver would store the framing as data.
 */
export function plainBody(req: IncomingMessage, headers: OutgoingHttpHeaders): { body: Readable; headers: OutgoingHttpHeaders } {
  const encodings = String(req.headers['content-encoding'] ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  const streaming = String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
  if (!encodings.includes('aws-chunked') && !streaming) return { body: req, headers };
  const decodedLength = String(req.headers['x-amz-decoded-content-length'] ?? '');
  const others = encodings.filter((e) => e !== 'aws-chunked');
  const out: OutgoingHttpHeaders = { ...headers, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' };
  for (const name of ['content-length', 'transfer-encoding', 'x-amz-trailer', 'content-encoding']) delete out[name];
  if (decodedLength) out['content-length'] = decodedLength;
  if (others.length) out['content-encoding'] = others.join(', ');
  const decoder = new AwsChunkedDecoder();
  req.once('error', (err) => decoder.destroy(err));
  return { body: req.pipe(decoder), headers: out };
}
