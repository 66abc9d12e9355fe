import http from 'node:http';
import { loadSecrets, type StoredSecret } from './store.js';
import { refuseUnsigned, type Credentials } from '../http/aws-auth.js';
import { listenLocal } from '../http/listen.js';

export interface LocalSecrets { readonly endpoint: string; stop(): Promise<void> }

export interface LocalSecretsOptions {
  /** Folder of `secrets.json`. */
  dataDir: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** @default 0 (a random free port) */
  port?: number;
  /** Secrets to serve; each gets a random value on first start, unless `value` is given (then always that value). */
  secrets: readonly { name: string; value?: string }[];
  /** This run's key pair: every request must be SigV4-signed with it (local/http/aws-auth.ts). */
  credentials: Credentials;
}

const REGION = 'us-east-1';
const ACCOUNT = '000000000000';
const arnOf = (name: string) => `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name}`;

class SecretsError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) { super(message); }
}

/**
 * Starts a local Secrets Manager endpoint (AWS JSON 1.1: GetSecretValue and DescribeSecret) serving the
 * named secrets from `${dataDir}/secrets.json`. Point `@aws-sdk/client-secrets-manager` at `endpoint`
 * (AWS_ENDPOINT_URL_SECRETS_MANAGER). Throws if the port is taken or the file is corrupt.
 */
export async function startLocalSecrets(options: LocalSecretsOptions): Promise<LocalSecrets> {
  const secrets = await loadSecrets(options.dataDir, options.secrets.map((s) => s.name), Object.fromEntries(options.secrets.flatMap((s) =>
    (s.value === undefined ? [] : [[s.name, s.value]]))));
  const server = http.createServer((req, res) => {
    handle(secrets, req, options.credentials).then(
      (body) => reply(res, 200, body),
      (error: unknown) => {
        const e = error instanceof SecretsError ? error : new SecretsError(500, 'InternalServiceError', 'Internal failure');
        if (!(error instanceof SecretsError)) console.error('[local-secrets]', error);
        reply(res, e.status, { __type: e.type, message: e.message }, e.type);
      },
    );
  });
  return listenLocal(server, options);
}

async function handle(secrets: ReadonlyMap<string, StoredSecret>, req: http.IncomingMessage, credentials: Credentials): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  const refused = refuseUnsigned(req, Buffer.concat(chunks), credentials, 'secretsmanager');
  if (refused) throw new SecretsError(refused.status, refused.type, refused.message);
  const target = String(req.headers['x-amz-target'] ?? '');
  if (req.method !== 'POST' || !target.startsWith('secretsmanager.')) {
    throw new SecretsError(400, 'UnknownOperationException', `Unsupported request ${req.method} ${target}`);
  }
  let input: { SecretId?: unknown };
  try {
    input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new SecretsError(400, 'SerializationException', 'Request body is not valid JSON');
  }
  const id = typeof input.SecretId === 'string' ? input.SecretId : '';
  const name = id.startsWith(arnOf('')) ? id.slice(arnOf('').length) : id;
  const secret = secrets.get(name);
  const operation = target.slice('secretsmanager.'.length);
  if (operation !== 'GetSecretValue' && operation !== 'DescribeSecret') {
    throw new SecretsError(400, 'UnknownOperationException', `The local Secrets Manager does not implement ${operation}`);
  }
  if (!secret) throw new SecretsError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
  if (operation === 'GetSecretValue') {
    return { ARN: arnOf(name), Name: name, SecretString: secret.value, VersionId: secret.versionId, VersionStages: ['AWSCURRENT'],
      CreatedDate: secret.createdAt };
  }
  return {
    ARN: arnOf(name), Name: name, CreatedDate: secret.createdAt, LastChangedDate: secret.createdAt,
    VersionIdsToStages: { [secret.versionId]: ['AWSCURRENT'] },
  };
}

function reply(res: http.ServerResponse, status: number, body: unknown, errorType?: string): void {
  const headers: Record<string, string> = { 'content-type': 'application/x-amz-json-1.1' };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res.writeHead(status, headers).end(JSON.stringify(body));
}
