import http from 'node:http';
import path from 'node:path';
import { draftFromSendEmail, SesError } from './send-email.js';
import { newMessageId, openFileMailbox, type FileMailbox } from './store.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { listenLocal } from '../http/listen.js';

export interface MailMessage { id: string; receivedAt: string /* ISO */; from: string; to: string[]; cc: string[]; bcc: string[]; replyTo: string[];
  subject: string; text?: string; html?: string }
export interface Mailbox { list(): Promise<MailMessage[]> /* newest first */; get(id: string): Promise<MailMessage | undefined> }
export interface LocalMail { readonly endpoint: string; readonly mailbox: Mailbox; stop(): Promise<void> }

const MAX_BODY_BYTES = 40 * 1024 * 1024; // SES v2 accepts raw messages up to 40 MB

/**
 * Starts a local SES v2 endpoint (SendEmail, GetAccount) that keeps every sent message as a JSON file
 * under `${dataDir}/mailbox/`. Point `@aws-sdk/client-sesv2` at `endpoint`. Throws if the port is taken.
 */
export async function startLocalMail(options: { dataDir: string; host?: string; port?: number; credentials: Credentials }): Promise<LocalMail> {
  const store = await openFileMailbox(path.join(options.dataDir, 'mailbox'));
  const server = http.createServer((req, res) => {
    route(store, req, options.credentials).then(
      (reply) => send(res, reply.status, reply.body),
      (error: unknown) => {
        const ses = error instanceof SesError ? error : new SesError(500, 'InternalFailure', 'Internal failure');
        if (!(error instanceof SesError)) console.error('[local-mail]', error);
        send(res, ses.status, { message: ses.message }, ses.type);
      },
    );
  });
  const listening = await listenLocal(server, options);
  return {
    endpoint: listening.endpoint,
    mailbox: { list: store.list, get: store.get },
    stop: listening.stop,
  };
}

async function route(store: FileMailbox, req: http.IncomingMessage, credentials: Credentials): Promise<{ status: number; body: unknown }> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  const body = await readBody(req);
  const refused = refuseUnsigned(req, body, credentials, 'ses');
  if (refused) throw new SesError(refused.status, refused.type, refused.message);
  if (req.method === 'POST' && pathname === '/v2/email/outbound-emails') {
    const draft = await draftFromSendEmail(parseJson(body.toString('utf8')));
    const now = Date.now();
    const id = newMessageId(now);
    await store.save({ id, receivedAt: new Date(now).toISOString(), ...draft });
    return { status: 200, body: { MessageId: id } };
  }
  if (req.method === 'GET' && pathname === '/v2/email/account') {
    const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
    const sent = (await store.list()).filter((m) => m.receivedAt >= dayAgo).length;
    return {
      status: 200,
      body: {
        DedicatedIpAutoWarmupEnabled: false, EnforcementStatus: 'HEALTHY', ProductionAccessEnabled: true, SendingEnabled: true,
        SendQuota: { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: sent },
      },
    };
  }
  throw new SesError(404, 'NotFoundException', `The local mail service does not implement ${req.method} ${pathname}`);
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? {} : JSON.parse(text);
  } catch {
    throw new SesError(400, 'BadRequestException', 'Request body is not valid JSON');
  }
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SesError(400, 'MessageRejected', 'Message length exceeds the limit');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function send(res: http.ServerResponse, status: number, body: unknown, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-amzn-requestid': crypto.randomUUID() };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(JSON.stringify(body));
}
