import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DescribeExecutionCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { MAIN_TABLE, MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { eventually } from '../helpers/eventually.js';
import { killHard, startChildEdition, stillRunning } from '../helpers/child-edition.js';

// The child editions inherit this run's key pair (local/runtime.ts); the local S3 refuses any other.
const credentials = { accessKeyId: 'LOCALCRASHTEST000001', secretAccessKey: randomBytes(30).toString('base64') };
process.env.MEETSCRIBE_LOCAL_CREDENTIALS = `${credentials.accessKeyId}:${credentials.secretAccessKey}`;
const region = 'us-east-1';

describe('the local edition after kill -9', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;

  beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-crash-')); });
  afterAll(async () => {
    if (stillRunning(running)) await killHard(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses no item, object or e-mail and resumes an interrupted execution', async () => {
    const first = await startChildEdition(dataDir);
    running = first.child;
    const e = first.ready.endpoints;
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: e.DYNAMODB, region, credentials }));
    const s3 = new S3Client({ endpoint: e.S3, region, credentials, forcePathStyle: true });
    const ses = new SESv2Client({ endpoint: e.SESV2, region, credentials });
    const sfn = new SFNClient({ endpoint: e.SFN, region, credentials });

    await documents.send(new PutCommand({ TableName: MAIN_TABLE.localName, Item: { pk: 'KEEP', sk: 'ME', value: 42 } }));
    await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: 'artefacts/keep.txt', Body: 'kept' }));
    await ses.send(new SendEmailCommand({
      FromEmailAddress: 'no-reply@meetscribe.local', Destination: { ToAddresses: ['ada@example.com'] },
      Content: { Simple: { Subject: { Data: 'Survives a crash' }, Body: { Text: { Data: 'hello' } } } },
    }));
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: first.ready.resumeArn, input: JSON.stringify({ runId: 'r1' }) }));
    await killHard(first.child);

    const second = await startChildEdition(dataDir);
    running = second.child;
    const e2 = second.ready.endpoints;
    const documents2 = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: e2.DYNAMODB, region, credentials }));
    const s3b = new S3Client({ endpoint: e2.S3, region, credentials, forcePathStyle: true });
    const sfn2 = new SFNClient({ endpoint: e2.SFN, region, credentials });

    expect((await documents2.send(new GetCommand({ TableName: MAIN_TABLE.localName, Key: { pk: 'KEEP', sk: 'ME' } }))).Item?.value).toBe(42);
    const object = await s3b.send(new GetObjectCommand({ Bucket: MEDIA_BUCKET.localName, Key: 'artefacts/keep.txt' }));
    expect(await object.Body!.transformToString()).toBe('kept');
    const mail = await (await fetch(`${second.ready.url}/dev/mailbox.json`)).json();
    expect(mail.map((m: { subject: string }) => m.subject)).toContain('Survives a crash');

    const finished = await eventually(async () => {
      const described = await sfn2.send(new DescribeExecutionCommand({ executionArn }));
      if (described.status !== 'SUCCEEDED') throw new Error(`still ${described.status}`);
      return described;
    }, 20_000, 200);
    expect(finished.status).toBe('SUCCEEDED');
    expect((await documents2.send(new GetCommand({ TableName: MAIN_TABLE.localName, Key: { pk: 'FINISHED#r1', sk: 'FINISHED' } }))).Item).toBeDefined();
    await killHard(second.child);
  }, 60_000);
});
