import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DescribeSecretCommand, GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createRateLimits } from '../../functions/adapters/dynamodb/rate-limits-repository.js';
import { createUsersRepository } from '../../functions/adapters/dynamodb/users-repository.js';
import { createResetKeys, createVerificationCodes } from '../../functions/adapters/dynamodb/verification-repository.js';
import { EmailTaken } from '../../functions/core/accounts/ports.js';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { startLocalDynamo, type LocalDynamo } from '../../local/dynamodb/index.js';
import { startLocalSecrets } from '../../local/secrets/index.js';
import { userRecord } from '../unit/accounts/in-memory.js';

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const region = 'us-east-1';
let dataDir: string;
let dynamo: LocalDynamo;
let client: DynamoDBDocumentClient;
const table = MAIN_TABLE.localName;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-accounts-adapters-'));
  dynamo = await startLocalDynamo({ dataDir, tables: [MAIN_TABLE], sweepIntervalMs: 3_600_000, credentials });
  client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, region, credentials }));
});
afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('createUsersRepository', () => {
  it('lets only one of two concurrent users claim an e-mail', async () => {
    const users = createUsersRepository(client, table);
    const results = await Promise.allSettled([
      users.create(userRecord({ id: 'race-1', email: 'race@example.com' })),
      users.create(userRecord({ id: 'race-2', email: 'race@example.com' })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(EmailTaken);
    const winner = await users.findByEmail('race@example.com');
    expect(['race-1', 'race-2']).toContain(winner?.id);
    expect(await users.findById(winner!.id === 'race-1' ? 'race-2' : 'race-1')).toBeUndefined();
  });

  it('bumps the token version when the password is replaced and ignores unknown ids', async () => {
    const users = createUsersRepository(client, table);
    await users.create(userRecord({ id: 'pw', email: 'pw@example.com' }));
    await users.replacePassword('pw', 'scrypt$new');
    expect(await users.findById('pw')).toMatchObject({ passwordHash: 'scrypt$new', tokenVersion: 1 });
    expect(await users.updateProfile('nobody', { firstName: 'a', lastName: 'b', company: '' })).toBeUndefined();
    expect(await users.findById('nobody')).toBeUndefined();
  });
});

describe('createVerificationCodes and createResetKeys', () => {
  it('consumes a code only while it is the stored one', async () => {
    const codes = createVerificationCodes(client, table);
    await codes.save('c@example.com', { codeHash: 'h1', expiresAt: 2_000_000_000 });
    expect(await codes.claimAttempt('c@example.com', 5)).toEqual({ codeHash: 'h1', expiresAt: 2_000_000_000, attempts: 1 });
    expect(await codes.find('c@example.com')).toEqual({ codeHash: 'h1', expiresAt: 2_000_000_000, attempts: 1 });
    expect(await codes.consume('c@example.com', 'h2')).toBe(false);
    expect(await codes.consume('c@example.com', 'h1')).toBe(true);
    expect(await codes.consume('c@example.com', 'h1')).toBe(false);
  });

  it('grants no more than the maximum number of attempts to a parallel burst of guesses', async () => {
    const codes = createVerificationCodes(client, table);
    await codes.save('burst@example.com', { codeHash: 'h1', expiresAt: 2_000_000_000 });
    const claims = await Promise.all(Array.from({ length: 40 }, () => codes.claimAttempt('burst@example.com', 5)));
    expect(claims.filter((c) => c !== undefined)).toHaveLength(5);
    expect(await codes.claimAttempt('nobody@example.com', 5)).toBeUndefined();
  });

  it('hands out a reset key once, and not after its expiry even before TTL removes it', async () => {
    const keys = createResetKeys(client, table);
    await keys.save('k1', 'user-1', 1_000);
    expect(await keys.consume('k1', 1_000)).toBeUndefined();
    await keys.save('k2', 'user-2', 1_000);
    expect(await keys.consume('k2', 999)).toBe('user-2');
    expect(await keys.consume('k2', 999)).toBeUndefined();
  });
});

describe('createRateLimits', () => {
  it('counts hits in a window, reopens it after it closes, and clears', async () => {
    const limits = createRateLimits(client, table);
    expect(await limits.hit('k', 600, 1_000)).toEqual({ count: 1, resetsAt: 1_600 });
    expect(await limits.hit('k', 600, 1_200)).toEqual({ count: 2, resetsAt: 1_600 });
    expect(await limits.peek('k', 1_599)).toEqual({ count: 2, resetsAt: 1_600 });
    expect((await limits.peek('k', 1_600)).count).toBe(0);
    expect(await limits.hit('k', 600, 1_600)).toEqual({ count: 1, resetsAt: 2_200 });
    await limits.clear('k');
    expect((await limits.peek('k', 1_700)).count).toBe(0);
  });

  it('takes back one hit of an open window and never goes below zero', async () => {
    const limits = createRateLimits(client, table);
    await limits.hit('r', 600, 1_000);
    await limits.hit('r', 600, 1_000);
    await limits.refund('r', 1_100);
    expect((await limits.peek('r', 1_100)).count).toBe(1);
    await limits.refund('r', 1_100);
    await limits.refund('r', 1_100);
    expect((await limits.peek('r', 1_100)).count).toBe(0);
    await limits.refund('absent', 1_100);
  });

  it('loses no hit under concurrency', async () => {
    const limits = createRateLimits(client, table);
    await Promise.all(Array.from({ length: 10 }, () => limits.hit('busy', 600, 5_000)));
    expect((await limits.peek('busy', 5_000)).count).toBe(10);
  });
});

describe('startLocalSecrets', () => {
  const name = 'meetscribe/auth-signing-key';
  const read = async (endpoint: string, id = name) => {
    const secrets = new SecretsManagerClient({ endpoint, region, credentials });
    try {
      return await secrets.send(new GetSecretValueCommand({ SecretId: id }));
    } finally {
      secrets.destroy();
    }
  };

  it('generates a 64-byte value once and serves the same one after a restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-secrets-'));
    const first = await startLocalSecrets({ dataDir: dir, secrets: [{ name }], credentials });
    const value = (await read(first.endpoint)).SecretString!;
    await first.stop();
    expect(Buffer.from(value, 'base64')).toHaveLength(64);
    const second = await startLocalSecrets({ dataDir: dir, secrets: [{ name }], credentials });
    const again = await read(second.endpoint);
    expect(again.SecretString).toBe(value);
    expect(again.ARN).toBe(`arn:aws:secretsmanager:us-east-1:000000000000:secret:${name}`);
    expect((await read(second.endpoint, again.ARN)).SecretString).toBe(value);
    const secrets = new SecretsManagerClient({ endpoint: second.endpoint, region, credentials });
    expect((await secrets.send(new DescribeSecretCommand({ SecretId: name }))).Name).toBe(name);
    secrets.destroy();
    await second.stop();
    expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8')).secrets[name].value).toBe(value);
    await rm(dir, { recursive: true, force: true });
  });

  it('answers ResourceNotFoundException for an unknown secret', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-secrets-'));
    const server = await startLocalSecrets({ dataDir: dir, secrets: [{ name }], credentials });
    await expect(read(server.endpoint, 'nope')).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  });
});
