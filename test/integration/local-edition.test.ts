import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { DescribeExecutionCommand, DescribeStateMachineCommand, ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import WebSocket from 'ws';
import { MAIN_TABLE, MEDIA_BUCKET } from '../../lib/definitions/resources.js';
import { PROCESS_MEETING } from '../../lib/definitions/workflows.js';
import { PROJECT_ROOT, startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';

let edition: LocalEdition;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-edition-'));
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0 });
});

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const sfn = () => new SFNClient({});
const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient({}));

describe('the local edition', () => {
  it('reports every backing service up at /api/health/', async () => {
    const response = await fetch(`${edition.url}/api/health/`);
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.services).toEqual({ dynamodb: 'up', s3: 'up', stateMachines: 'up', mail: 'up' });
  });

  it('runs the same state machine file that CDK deploys', async () => {
    const arn = process.env[PROCESS_MEETING.envVar]!;
    const described = await sfn().send(new DescribeStateMachineCommand({ stateMachineArn: arn }));
    const file = await readFile(path.join(PROJECT_ROOT, PROCESS_MEETING.aslFile), 'utf8');
    expect(JSON.parse(described.definition!)).toEqual(JSON.parse(file));
  });

  it('routes a WebSocket message through the handler and answers via @connections', async () => {
    const socket = new WebSocket(`${edition.url.replace(/^http/, 'ws')}/one2many`);
    await new Promise((resolve, reject) => { socket.once('open', resolve); socket.once('error', reject); });
    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
    socket.send(JSON.stringify({ id: 'ping' }));
    expect(JSON.parse(await reply)).toEqual({ id: 'pong' });
    socket.close();
  });

  it('keeps a connection record while the socket is open and removes it on disconnect', async () => {
    const connections = async () => (await documents().send(new ScanCommand({
      TableName: MAIN_TABLE.localName, FilterExpression: 'begins_with(pk, :p)', ExpressionAttributeValues: { ':p': 'CONNECTION#' },
    }))).Items ?? [];
    const socket = new WebSocket(`${edition.url.replace(/^http/, 'ws')}/one2many`);
    await new Promise((resolve) => socket.once('open', resolve));
    await eventually(async () => expect(await connections()).toHaveLength(1));
    expect((await connections())[0].expiresAt).toBeGreaterThan(Date.now() / 1000);
    socket.close();
    await eventually(async () => expect(await connections()).toHaveLength(0));
  });

  it('starts processing when a recording is uploaded under uploads/ with a presigned POST', async () => {
    const { url, fields } = await createPresignedPost(new S3Client({}), {
      Bucket: MEDIA_BUCKET.localName,
      Key: 'uploads/meeting-42/recording.mp4',
      Conditions: [['content-length-range', 1, 1024], ['starts-with', '$key', 'uploads/meeting-42/']],
      Expires: 60,
    });
    const form = new FormData();
    Object.entries(fields).forEach(([k, v]) => form.append(k, v));
    form.append('file', new Blob([Buffer.from('not really a video')]), 'recording.mp4');
    const response = await fetch(url, { method: 'POST', body: form });
    expect(response.status).toBeLessThan(300);

    const arn = process.env[PROCESS_MEETING.envVar]!;
    const input = await eventually(async () => {
      const { executions } = await sfn().send(new ListExecutionsCommand({ stateMachineArn: arn }));
      for (const { executionArn } of executions ?? []) {
        const described = await sfn().send(new DescribeExecutionCommand({ executionArn }));
        const event = JSON.parse(described.input!);
        if (event.detail?.object?.key === 'uploads/meeting-42/recording.mp4') return event;
      }
      throw new Error('no execution for the upload yet');
    });
    expect(input).toMatchObject({
      source: 'aws.s3', 'detail-type': 'Object Created',
      detail: { bucket: { name: MEDIA_BUCKET.localName }, object: { key: 'uploads/meeting-42/recording.mp4', size: 18 } },
    });
  });

  it('refuses an upload larger than the presigned policy allows and starts nothing', async () => {
    const arn = process.env[PROCESS_MEETING.envVar]!;
    const before = (await sfn().send(new ListExecutionsCommand({ stateMachineArn: arn }))).executions?.length ?? 0;
    const { url, fields } = await createPresignedPost(new S3Client({}), {
      Bucket: MEDIA_BUCKET.localName, Key: 'uploads/meeting-43/recording.mp4',
      Conditions: [['content-length-range', 1, 4]], Expires: 60,
    });
    const form = new FormData();
    Object.entries(fields).forEach(([k, v]) => form.append(k, v));
    form.append('file', new Blob([Buffer.from('far too long for the policy')]), 'recording.mp4');
    const response = await fetch(url, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('EntityTooLarge');
    const after = (await sfn().send(new ListExecutionsCommand({ stateMachineArn: arn }))).executions?.length ?? 0;
    expect(after).toBe(before);
  });
});
