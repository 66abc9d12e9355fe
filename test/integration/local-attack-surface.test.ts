/**
 * Issue 28, items 1 and 2: what any local process or web page can reach on 127.0.0.1. Every embedded AWS endpoint
 * refuses an unsigned call and one signed with another key pair (403), and serves the run's key pair; the /dev/
 * calls refuse cross-site writes, read recordings only from the allowed folders, and grant no CORS.
 * Then every listener of the edition (the gateway, each AWS endpoint it lists, each provider test server named by the
 * variables the handlers read) is probed: no unsigned or cross-origin call gets data (the last describe).
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

describe('every listener of the edition: no unsigned or cross-origin call gets data (issue 28)', () => {
  const EVIL = 'https://evil.example';
  const grantsEvil = (response: Response) => ['*', EVIL].includes(response.headers.get('access-control-allow-origin') ?? '');

  it('each embedded AWS endpoint answers unsigned calls (any method, path or target, with a foreign Origin) with 403 and no CORS grant to the page', async () => {
    const names = Object.keys(edition.endpoints);
    expect(names).toEqual(expect.arrayContaining(['DYNAMODB', 'S3', 'SECRETS_MANAGER', 'COMPREHEND', 'SESV2', 'TRANSCRIBE', 'TEXTRACT', 'SFN']));
    const probes: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }> = [
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/meetscribe-local-media/' },
      { method: 'POST', path: '/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.ListSecrets' }, body: '{}' },
      { method: 'POST', path: '/', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.Scan' }, body: '{"TableName":"x"}' },
      { method: 'POST', path: '/', headers: { 'content-type': 'text/plain' }, body: 'Action=ListQueues' },
      { method: 'GET', path: '/v2/email/outbound-emails' },
      { method: 'PUT', path: '/anything', headers: { 'content-type': 'application/json' }, body: '{}' },
    ];
    for (const name of names) {
      for (const probe of probes) {
        const response = await fetch(`${edition.endpoints[name]}${probe.path}`, { method: probe.method, headers: { origin: EVIL, ...probe.headers }, body: probe.body });
        const text = await response.text();
        const seen = { name, probe: `${probe.method} ${probe.path}`, status: response.status };
        expect(seen).toEqual({ ...seen, status: 403 });
        // S3 keeps its CORS rule for presigned browser uploads (every request is still signed); the others grant no page.
        if (name !== 'S3') expect({ ...seen, grants: grantsEvil(response) }).toEqual({ ...seen, grants: false });
        expect(text).not.toMatch(/"SecretString"|"Items"|"TableNames"|<Contents>/);
      }
    }
  });

  it('each provider test server (Zoom, Webex, Todoist, BasicOps, Stripe) gives no page its data and takes no cross-site write on its own port', async () => {
    const bases = {
      zoom: process.env.ZOOM_OAUTH_BASE!, webex: new URL(process.env.WEBEX_API_BASE!).origin, todoist: process.env.TODOIST_API_BASE!,
      basicops: process.env.BASICOPS_API_BASE!, stripe: process.env.STRIPE_API_BASE!,
    };
    for (const [name, base] of Object.entries(bases)) expect([name, base]).toEqual([name, expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/)]);
    // Reads a page could want: the read-outs and each API's data lists, with a foreign Origin and no credential.
    const reads: Record<string, string[]> = {
      zoom: ['/', '/dev/zoom', '/v2/users/me', '/v2/users/me/recordings'],
      webex: ['/', '/dev/webex', '/v1/people/me', '/v1/recordings', '/v1/webhooks'],
      todoist: ['/', '/dev/todoist', '/dev/todoist/tasks.json', '/api/v1/tasks', '/api/v1/user'],
      basicops: ['/', '/dev/basicops/notes.json', '/v1/project'],
      stripe: ['/', '/state.json', '/v1/customers', '/v1/subscriptions'],
    };
    for (const [name, paths] of Object.entries(reads)) {
      for (const p of paths) {
        const response = await fetch(`${bases[name as keyof typeof bases]}${p}`, { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' } });
        await response.arrayBuffer();
        const seen = { name, path: p };
        expect({ ...seen, grants: grantsEvil(response) }).toEqual({ ...seen, grants: false });
        // The provider APIs need their credential, as the real ones do.
        if (/^\/(v1|v2|api)\//.test(p)) expect({ ...seen, ok: response.ok }).toEqual({ ...seen, ok: false });
      }
    }
    // The test servers' own /dev/ writes on their own ports: a cross-site simple request changes nothing.
    const writes: Array<[keyof typeof bases, string]> = [
      ['todoist', '/dev/todoist/rate-limit'], ['basicops', '/dev/basicops/expire-tokens'], ['zoom', '/dev/zoom/recordings'], ['webex', '/dev/webex/recordings'],
    ];
    for (const [name, p] of writes) {
      const response = await fetch(`${bases[name]}${p}`, {
        method: 'POST', headers: { 'content-type': 'text/plain', origin: EVIL, 'sec-fetch-site': 'cross-site' },
        body: JSON.stringify({ email: 'victim@example.com', topic: 'csrf', file: path.join(FIXTURES_DIR, 'meeting', 'meeting_ami.m4a'), requests: 1 }),
      });
      await response.arrayBuffer();
      expect({ name, p, status: response.status }).toEqual({ name, p, status: expect.any(Number) });
      expect({ name, p, refused: response.status >= 400 }).toEqual({ name, p, refused: true });
    }
  });
});
