import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { toTextractBlocks } from './blocks.js';
import { imageSize } from './image-size.js';
import { startOcr, type Ocr } from './ocr.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { listenLocal } from '../http/listen.js';

export interface LocalTextractOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** tesseract.js workers (default 1); each takes one image at a time. */
  workers?: number;
  /** Reads Document.S3Object; by default an S3 client that follows AWS_ENDPOINT_URL_S3. */
  readObject?: (bucket: string, key: string) => Promise<Buffer>;
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: Credentials;
}

export interface LocalTextract { readonly endpoint: string; stop(): Promise<void> }

/** Textract's synchronous document limit. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

class TextractError extends Error {
  constructor(readonly type: string, message: string, readonly status = 400) { super(message); }
}

let s3: S3Client | undefined;
async function readFromS3(bucket: string, key: string): Promise<Buffer> {
  s3 ??= new S3Client({ forcePathStyle: true });
  const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

/**
 * Amazon Textract's DetectDocumentText on 127.0.0.1 (JSON 1.1 protocol, X-Amz-Target
 * Textract.DetectDocumentText), backed by tesseract.js with the packaged English data. Accepts
 * Document.Bytes and Document.S3Object (PNG or JPEG) and answers Textract's Blocks shape, so the same
 * task code runs against the cloud and the local edition.
 */
export async function startLocalTextract(options: LocalTextractOptions): Promise<LocalTextract> {
  // Workers start on the first request: most local editions (and tests) never OCR anything.
  let ocr: Promise<Ocr> | undefined;
  let stopping = false;
  // Recognitions under way: stop() lets them finish before it ends the workers, since tesseract.js throws an
  // uncaught error when a queued job reaches a terminated worker.
  const inFlight = new Set<Promise<unknown>>();
  const recognize = (image: Buffer) => {
    if (stopping) return Promise.reject(new TextractError('ThrottlingException', 'The local Textract is shutting down.'));
    const job = (ocr ??= startOcr(Math.max(1, options.workers ?? 1))).then((o) => o.recognize(image));
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job)).catch(() => undefined);
    return job;
  };
  const readObject = options.readObject ?? readFromS3;

  const detect = async (request: any) => {
    const document = request?.Document;
    let bytes: Buffer;
    if (typeof document?.Bytes === 'string') bytes = Buffer.from(document.Bytes, 'base64');
    else if (document?.S3Object?.Bucket && document?.S3Object?.Name) {
      bytes = await readObject(document.S3Object.Bucket, document.S3Object.Name).catch((error: Error) => {
        throw new TextractError('InvalidS3ObjectException',
          `Unable to get object metadata from S3. Check object key, region and/or access permissions. (${error.message})`);
      });
    } else throw new TextractError('InvalidParameterException', 'Request has invalid parameters: Document needs Bytes or S3Object.');
    if (bytes.length > MAX_DOCUMENT_BYTES) throw new TextractError('DocumentTooLargeException', 'S3 object size is more than the maximum limit 10485760');
    const size = imageSize(bytes);
    if (!size) throw new TextractError('UnsupportedDocumentException', 'Request has unsupported document format');
    const lines = await recognize(bytes);
    return { DocumentMetadata: { Pages: 1 }, Blocks: toTextractBlocks(lines, size.width, size.height), DetectDocumentTextModelVersion: '1.0' };
  };

  const server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...extra });
      res.end(JSON.stringify(body));
    };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const refused = refuseUnsigned(req, Buffer.concat(chunks), options.credentials, 'textract');
      if (refused) throw new TextractError(refused.type, refused.message, refused.status);
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || target !== 'Textract.DetectDocumentText') {
        throw new TextractError('UnknownOperationException', `Operation ${target || '(none)'} is not supported by the local Textract.`);
      }
      reply(200, await detect(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')));
    } catch (error) {
      const e = error instanceof TextractError ? error
        : error instanceof SyntaxError ? new TextractError('SerializationException', 'Request body is not JSON.')
          : new TextractError('InternalServerError', (error as Error).message, 500);
      reply(e.status, { __type: e.type, message: e.message }, { 'x-amzn-errortype': e.type });
    }
  }

  const listening = await listenLocal(server, options);
  return {
    endpoint: listening.endpoint,
    async stop() {
      stopping = true;
      await listening.stop();
      await Promise.allSettled([...inFlight]);
      if (ocr) await (await ocr).stop();
    },
  };
}
