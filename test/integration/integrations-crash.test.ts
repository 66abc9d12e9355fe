/**
 * kill -9 during a Zoom import, then restart: the import state machine resumes the run, which finds its import
 * record and meeting, downloads again (the multipart upload was never completed) and finishes: one meeting, one run.
 * The local Zoom server keeps its port across the restart, so the download link in the run's input still works;
 * `stall_ms` makes its CDN pause after the first 64 KiB; the test kills once that download has begun (GET /dev/zoom/
 * says so), so the kill lands mid-download. `stall_downloads: 1` pauses only that first download, so the resumed run's
 * download after the restart does not wait the 20 s again.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListExecutionsCommand } from '@aws-sdk/client-sfn';
import { IMPORT_RECORDING } from '../../lib/definitions/workflows.js';
import { killHard, startChildEdition, stillRunning, type ChildEditionReady } from '../helpers/child-edition.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { fixture, pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

// Waits and retry intervals at a fifth, as in pipeline.test.ts.
const WAIT_SCALE = 0.2;

describe('kill -9 during an import, then restart', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;
  let ready: ChildEditionReady;
  const h = pipelineHarness(() => ({
    url: ready.url, endpoints: ready.endpoints,
    stateMachineArn: `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`,
  }));
  const email = 'crash@integrations.example.com';

  beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-import-crash-')); });
  afterAll(async () => {
    if (stillRunning(running)) await killHard(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the import: the meeting gets its recording and no second meeting or run appears', async () => {
    const first = await startChildEdition(dataDir, { waitScale: WAIT_SCALE });
    running = first.child;
    ready = first.ready;
    const user = await signUpAndSignIn(ready.url, email);
    const url = (await h.api('GET', 'users/z_authorization_url/', user.access)).body.authorization_url as string;
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const exchanged = await h.api('GET', `users/${user.userId}/z_user_access_token/?authorization_code=${back.searchParams.get('code')}&state=${encodeURIComponent(back.searchParams.get('state')!)}`, user.access);
    expect(exchanged.status).toBe(200);

    const made = await fetch(`${ready.url}/dev/zoom/recordings`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, topic: 'Crash sync', file: fixture('meeting_ami.m4a'), stall_ms: 20_000, stall_downloads: 1 }),
    });
    expect(made.status).toBe(201);
    const listed = async () => ((await h.api('GET', 'meetings/?page=1', user.access)).body.results as any[]).filter((m) => m.name === 'Crash sync');
    const [meeting] = await eventually(async () => {
      const found = await listed();
      if (found.length === 0) throw new Error('import not started yet');
      return found;
    }, 60_000, 200);
    await eventually(async () => {
      const zoom = await (await fetch(`${ready.url}/dev/zoom/`)).json() as { stalls: Array<{ stall_downloads_left: number | null }> };
      if (zoom.stalls[0]?.stall_downloads_left !== 0) throw new Error('download not started yet');
    }, 60_000, 100);
    expect((await h.api('GET', `meetings/${meeting.id}/`, user.access)).body.recording_available).toBe(false);
    await killHard(first.child);

    const second = await startChildEdition(dataDir, { waitScale: WAIT_SCALE });
    running = second.child;
    ready = second.ready;
    await eventually(async () => {
      const m = (await h.api('GET', `meetings/${meeting.id}/`, user.access)).body;
      if (!m.recording_available) throw new Error('not imported yet');
    }, 180_000, 250);
    expect(await listed()).toHaveLength(1);
    const runs = await h.clients().sfn.send(new ListExecutionsCommand({ stateMachineArn: `arn:aws:states:us-east-1:000000000000:stateMachine:${IMPORT_RECORDING.localName}` }));
    expect(runs.executions).toHaveLength(1);
    const record = await eventually(async () => {
      const item = (await h.clients().documents.send(new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
        TableName: 'meetscribe-main', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `IMPORTS#${user.userId}#zoom` },
      }))).Items ?? [];
      if (item[0]?.status !== 'imported') throw new Error('import not finished');
      return item;
    }, 30_000, 500);
    expect(record).toHaveLength(1);
    await killHard(second.child);
  }, 400_000);
});
