/**
 * Issue 28, items 1 and 2: what any local process or web page can reach on 127.0.0.1. Every embedded AWS endpoint
 * refuses an unsigned call and one signed with another key pair (403), and serves the run's key pair; the /dev/
 * calls refuse cross-site writes, read recordings only from the allowed folders, and grant no CORS.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ComprehendClient, DetectSentimentCommand } from '@aws-sdk/client-comprehend';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { ListStateMachinesCommand, SFNClient } from '@aws-sdk/client-sfn';
import { DetectDocumentTextCommand, TextractClient } from '@aws-sdk/client-textract';
import { ListTranscriptionJobsCommand, TranscribeClient } from '@aws-sdk/client-transcribe';
import { AUTH_SECRET } from '../../lib/definitions/resources.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { LOCAL_PUBLISHABLE_KEY } from '../../local/stripe/index.js';
import { FIXTURES_DIR } from '../helpers/shared-data.js';

type Credentials = { accessKeyId: string; secretAccessKey: string };
interface Case {
  readonly service: string;
  readonly endpoint: string;
  /** One call through the service's own SDK client. */
  readonly call: (endpoint: string, credentials: Credentials) => Promise<unknown>;
  /** The same call unsigned: method, path, headers and body. */
  readonly raw: { method: string; path: string; headers: Record<string, string>; body?: string };
}

const region = 'us-east-1';
const client = <T>(Make: new (config: object) => T, endpoint: string, credentials: Credentials) => new Make({ endpoint, region, credentials, maxAttempts: 1 });
const json = (type: string, target: string) => ({ 'content-type': type, 'x-amz-target': target });

const CASES: readonly Case[] = [
  { service: 'Secrets Manager', endpoint: 'SECRETS_MANAGER',
    call: (e, c) => client(SecretsManagerClient, e, c).send(new GetSecretValueCommand({ SecretId: AUTH_SECRET.localName })),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.1', 'secretsmanager.GetSecretValue'), body: JSON.stringify({ SecretId: AUTH_SECRET.localName }) } },
  { service: 'DynamoDB', endpoint: 'DYNAMODB',
    call: (e, c) => client(DynamoDBClient, e, c).send(new ListTablesCommand({})),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.0', 'DynamoDB_20120810.ListTables'), body: '{}' } },
  { service: 'Step Functions', endpoint: 'SFN',
    call: (e, c) => client(SFNClient, e, c).send(new ListStateMachinesCommand({})),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.0', 'AWSStepFunctions.ListStateMachines'), body: '{}' } },
  { service: 'SES', endpoint: 'SESV2',
    call: (e, c) => client(SESv2Client, e, c).send(new GetAccountCommand({})),
    raw: { method: 'GET', path: '/v2/email/account', headers: {} } },
  { service: 'Transcribe', endpoint: 'TRANSCRIBE',
    call: (e, c) => client(TranscribeClient, e, c).send(new ListTranscriptionJobsCommand({})),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.1', 'Transcribe.ListTranscriptionJobs'), body: '{}' } },
  { service: 'Textract', endpoint: 'TEXTRACT',
    call: (e, c) => client(TextractClient, e, c).send(new DetectDocumentTextCommand({ Document: { Bytes: Buffer.from('not an image') } })),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.1', 'Textract.DetectDocumentText'), body: JSON.stringify({ Document: { Bytes: 'AAAA' } }) } },
  { service: 'Comprehend', endpoint: 'COMPREHEND',
    call: (e, c) => client(ComprehendClient, e, c).send(new DetectSentimentCommand({ Text: 'Great work.', LanguageCode: 'en' })),
    raw: { method: 'POST', path: '/', headers: json('application/x-amz-json-1.1', 'Comprehend_20171127.DetectSentiment'), body: JSON.stringify({ Text: 'Great work.', LanguageCode: 'en' }) } },
];

/** The HTTP status a call ended with: 200 when it succeeded, else the SDK error's status. */
const statusOf = (call: Promise<unknown>) => call.then(() => 200, (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode ?? 0);

let dir: string;
let edition: LocalEdition;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-attack-'));
  edition = await startLocalEdition({ dataDir: path.join(dir, 'data'), port: 0, waitScale: 0 });
}, 120_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('every embedded AWS endpoint checks SigV4 with the run\'s key pair', () => {
  const another = { accessKeyId: 'LOCALOTHERKEY0000001', secretAccessKey: randomBytes(30).toString('base64') };

  it.each(CASES)('$service refuses an unsigned call with 403', async ({ endpoint, raw }) => {
    const response = await fetch(`${edition.endpoints[endpoint]}${raw.path}`, { method: raw.method, headers: raw.headers, body: raw.body });
    const text = await response.text();
    expect(response.status).toBe(403);
    expect(text).not.toContain('SecretString');
  });

  it.each(CASES)('$service refuses a call signed with another key pair, or the run\'s key id with another secret, with 403', async ({ endpoint, call }) => {
    expect(await statusOf(call(edition.endpoints[endpoint]!, another))).toBe(403);
    expect(await statusOf(call(edition.endpoints[endpoint]!, { ...edition.credentials, secretAccessKey: another.secretAccessKey }))).toBe(403);
  });

  it.each(CASES)('$service serves a call signed with the run\'s key pair', async ({ endpoint, call }) => {
    // Textract answers its own 400 (not an image) once the signature passed.
    expect([200, 400]).toContain(await statusOf(call(edition.endpoints[endpoint]!, edition.credentials)));
  });

  it('refuses an unsigned read of a service-managed transcript on the Transcribe endpoint', async () => {
    const response = await fetch(`${edition.endpoints.TRANSCRIBE}/transcripts/any-job.json`);
    expect(response.status).toBe(403);
  });
});

describe('/dev/ calls', () => {
  const record = (service: 'zoom' | 'webex', body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${edition.url}/dev/${service}/recordings`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it.each(['zoom', 'webex'] as const)('/dev/%s/recordings refuses a cross-site simple request (text/plain, other Origin, Sec-Fetch-Site)', async (service) => {
    const file = path.join(FIXTURES_DIR, 'meeting', 'meeting_ami.m4a');
    const body = JSON.stringify({ email: 'victim@example.com', topic: 'csrf', file });
    const attempts: Array<Record<string, string>> = [
      { 'content-type': 'text/plain' },
      { 'content-type': 'text/plain', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/json', origin: 'https://evil.example' },
      { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    ];
    for (const headers of attempts) {
      const response = await record(service, body, headers);
      expect([headers, response.status]).toEqual([headers, expect.any(Number)]);
      expect([headers, [403, 415].includes(response.status)]).toEqual([headers, true]);
    }
    const state = await (await fetch(`${edition.url}/dev/${service}/`)).json() as { recordings: unknown[] };
    expect(state.recordings).toHaveLength(0);
  });

  it.each(['zoom', 'webex'] as const)('/dev/%s/recordings reads no file outside the fixtures and the dev-recordings folder', async (service) => {
    const data = path.join(dir, 'data');
    const link = path.join(data, 'dev-recordings', `secrets-${service}.m4a`);
    await symlink(path.join(data, 'secrets.json'), link);
    const outside = path.join(dir, `outside-${service}.m4a`);
    await writeFile(outside, 'not allowed');
    for (const file of [path.join(data, 'secrets.json'), '/etc/passwd', link, outside, path.join(data, 'dev-recordings', '..', 'secrets.json')]) {
      const response = await record(service, { email: 'victim@example.com', topic: 'exfiltrate', file });
      expect([file, response.status]).toEqual([file, 400]);
    }
    const state = await (await fetch(`${edition.url}/dev/${service}/`)).json() as { recordings: unknown[] };
    expect(state.recordings).toHaveLength(0);
  });

  it('answers no /dev/ call with Access-Control-Allow-Origin, and still serves same-origin and tool calls', async () => {
    for (const p of ['/dev/stripe/state.json', '/dev/stripe/', '/dev/zoom/', '/dev/webex/', '/dev/mailbox.json', '/dev/todoist/tasks.json']) {
      const response = await fetch(`${edition.url}${p}`, { headers: { origin: 'https://evil.example' } });
      await response.arrayBuffer();
      expect([p, response.headers.get('access-control-allow-origin')]).toEqual([p, null]);
    }
    const preflight = await fetch(`${edition.url}/dev/stripe/v1/payment_methods`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    await preflight.arrayBuffer();
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    // The SPA's own test-card form: a same-origin form post with the publishable key still works.
    const form = await fetch(`${edition.url}/dev/stripe/v1/payment_methods`, {
      method: 'POST', body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2040', 'card[cvc]': '123' }),
      headers: { origin: edition.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` },
    });
    expect(form.status).not.toBe(403);
    expect(form.status).not.toBe(415);
  });

  it('imports a recording from the dev-recordings folder by a JSON call from a tool', async () => {
    const allowed = path.join(dir, 'data', 'dev-recordings', 'sub');
    await mkdir(allowed, { recursive: true });
    const file = path.join(allowed, 'not-media.m4a');
    await writeFile(file, 'tiny');
    const response = await record('zoom', { email: 'tool@example.com', topic: 'allowed', file });
    expect(response.status).toBe(201);
  });
});
