import http from 'node:http';
import { detectSentiment } from './sentiment-model.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { listenLocal } from '../http/listen.js';

export interface LocalComprehend { readonly endpoint: string; stop(): Promise<void> }

export interface LocalComprehendOptions {
  /** Accepted for symmetry with the other local services; nothing is stored. */
  dataDir?: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (a random free port) */
  port?: number;
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: Credentials;
}

/** Comprehend's documented limits for the sentiment calls. */
export const LIMITS = { batchDocuments: 25, documentBytes: 5000 } as const;
/** Comprehend's sentiment languages; the on-box model only reads English, the rest answer UnsupportedLanguageException. */
const SENTIMENT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ar', 'hi', 'ja', 'ko', 'zh', 'zh-TW'];
const TARGET_PREFIX = 'Comprehend_20171127.';

class ComprehendError extends Error {
  constructor(readonly type: string, message: string, readonly status = 400) { super(message); }
}

/**
 * Starts a local Amazon Comprehend endpoint (AWS JSON 1.1, X-Amz-Target `Comprehend_20171127.DetectSentiment`
 * and `.BatchDetectSentiment`) scoring English with wink-nlp. Answers Comprehend's shapes and limit errors:
 * more than 25 documents → BatchSizeLimitExceededException; a document over 5,000 UTF-8 bytes →
 * TextSizeLimitExceededException; empty text → InvalidRequestException. Point `@aws-sdk/client-comprehend`
 * at `endpoint` (AWS_ENDPOINT_URL_COMPREHEND). Throws if the port is taken.
 */
export async function startLocalComprehend(options: LocalComprehendOptions): Promise<LocalComprehend> {
  const server = http.createServer((req, res) => {
    handle(req, options.credentials).then(
      (body) => reply(res, 200, body),
      (error: unknown) => {
        const e = error instanceof ComprehendError ? error : new ComprehendError('InternalServerException', 'Internal failure', 500);
        if (!(error instanceof ComprehendError)) console.error('[local-comprehend]', error);
        reply(res, e.status, { __type: e.type, Message: e.message }, e.type);
      },
    );
  });
  return listenLocal(server, options);
}

async function handle(req: http.IncomingMessage, credentials: Credentials): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const refused = refuseUnsigned(req, Buffer.concat(chunks), credentials, 'comprehend');
  if (refused) throw new ComprehendError(refused.type, refused.message, refused.status);
  const target = String(req.headers['x-amz-target'] ?? '');
  if (req.method !== 'POST' || !target.startsWith(TARGET_PREFIX)) throw new ComprehendError('UnknownOperationException',
    `Unsupported request ${req.method} ${target}`);
  let input: { Text?: unknown; TextList?: unknown; LanguageCode?: unknown };
  try {
    input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new ComprehendError('SerializationException', 'Request body is not valid JSON');
  }
  const operation = target.slice(TARGET_PREFIX.length);
  if (operation === 'DetectSentiment') {
    checkLanguage(input.LanguageCode);
    return detectSentiment(checkText(input.Text, 'text'));
  }
  if (operation === 'BatchDetectSentiment') {
    checkLanguage(input.LanguageCode);
    if (!Array.isArray(input.TextList) || input.TextList.length === 0) throw new ComprehendError('InvalidRequestException',
      'TextList must hold at least one document.');
    if (input.TextList.length > LIMITS.batchDocuments) {
      throw new ComprehendError('BatchSizeLimitExceededException',
        `The number of documents in the request exceeds the limit of ${LIMITS.batchDocuments}. Try your request again with fewer documents.`);
    }
    const texts = input.TextList.map((text, i) => checkText(text, `textList.${i + 1}.member`));
    const ResultList: unknown[] = [];
    const ErrorList: unknown[] = [];
    texts.forEach((text, Index) => {
      try {
        ResultList.push({ Index, ...detectSentiment(text) });
      } catch (error) {
        ErrorList.push({ Index, ErrorCode: 'INTERNAL_SERVER_ERROR', ErrorMessage: (error as Error).message });
      }
    });
    return { ResultList, ErrorList };
  }
  throw new ComprehendError('UnknownOperationException', `The local Comprehend does not implement ${operation}`);
}

function checkLanguage(code: unknown): void {
  if (typeof code !== 'string' || !code) throw new ComprehendError('ValidationException',
    "1 validation error detected: Value null at 'languageCode' failed to satisfy constraint: Member must not be null");
  if (!SENTIMENT_LANGUAGES.includes(code)) throw new ComprehendError('ValidationException',
    `1 validation error detected: Value '${code}' at 'languageCode' failed to satisfy constraint`);
  if (code !== 'en') throw new ComprehendError('UnsupportedLanguageException', `The local Comprehend reads English only, not '${code}'.`);
}

function checkText(text: unknown, field: string): string {
  if (typeof text !== 'string' || text.length === 0) {
    throw new ComprehendError('InvalidRequestException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must have length greater than or equal to 1`);
  }
  if (Buffer.byteLength(text, 'utf8') > LIMITS.documentBytes) {
    throw new ComprehendError('TextSizeLimitExceededException',
      `Input text size exceeds limit. Max length of request text allowed is ${LIMITS.documentBytes} bytes while in this request the text size is ` +
        `${Buffer.byteLength(text, 'utf8')} bytes`);
  }
  return text;
}

function reply(res: http.ServerResponse, status: number, body: unknown, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(JSON.stringify(body));
}
