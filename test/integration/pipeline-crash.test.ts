import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signUpAndSignIn } from '../helpers/users.js';
import { pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';
import { killHard, startChildEdition, stillRunning, type ChildEditionReady } from '../helpers/child-edition.js';

// Waits and retry intervals at a fifth, as in pipeline.test.ts: the transcription poll waits 1 s between checks, not 5 s.
const WAIT_SCALE = 0.2;

describe('kill -9 during transcription, then restart', () => {
  let dataDir: string;
  let running: ChildProcess | undefined;
  let ready: ChildEditionReady;
  const h = pipelineHarness(() => ({
    url: ready.url, endpoints: ready.endpoints,
    stateMachineArn: `arn:aws:states:us-east-1:000000000000:stateMachine:${PROCESS_MEETING.localName}`,
  }));

  beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-pipeline-crash-')); });
  afterAll(async () => {
    if (stillRunning(running)) await killHard(running);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes the run after the restart: the meeting completes and its minutes are charged once', async () => {
    const first = await startChildEdition(dataDir, { waitScale: WAIT_SCALE });
    running = first.child;
    ready = first.ready;
    const host = await signUpAndSignIn(ready.url, 'crash@pipeline.example.com');
    const id = await h.uploadFixture(host.access, 'meeting_ami.m4a');
    await h.waitForMeeting(host.access, id, (m) => m.processing?.step === 'Transcription', 60_000);
    await killHard(first.child);

    const second = await startChildEdition(dataDir, { waitScale: WAIT_SCALE });
    running = second.child;
    ready = second.ready;
    const meeting = await h.waitForMeeting(host.access, id, h.settled, 400_000);
    expect(meeting.processing).toMatchObject({ status: 'ready', transcript: 'ready', minutes_charged: 1 });

    const [execution, ...others] = await h.executionsOf(id);
    expect(others).toHaveLength(0);
    expect(execution!.status).toBe('SUCCEEDED');
    // The same execution ran again from the start and found its claim, its charge and its transcription job.
    expect(await h.runClaims(id)).toEqual([expect.objectContaining({ executionId: execution!.executionArn, status: 'succeeded', attempt: 1 })]);
    expect(await h.minutesLeft(host.userId)).toBe(59);
    expect(await h.charges(id)).toEqual([expect.objectContaining({ minutes: 1, refunded: false })]);
    const link = await h.api('GET', `meetings/${id}/transcript/`, host.access);
    expect(link.body.status).toBe('ready');
    await killHard(second.child);
  }, 540_000);
});
