import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NO_ENGINE_MESSAGE, unavailableEngine } from '../../local/engines/select.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { documentClient } from '../../functions/adapters/dynamodb/client.js';
import { minutesBalanceFromConfig } from '../../functions/wiring/minutes.js';
import { createMeetingsRepository } from '../../functions/adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../../functions/adapters/dynamodb/processing-repository.js';
import { claimUpload, completeRun, failRun } from '../../functions/core/pipeline/run-rules.js';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { eventually } from '../helpers/eventually.js';
import { fixture, missingInOrder, pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

let edition: LocalEdition;
let dataDir: string;
const h = pipelineHarness(() => ({ url: edition.url, endpoints: edition.endpoints, stateMachineArn: edition.stepFunctions.arnFor(PROCESS_MEETING.id) }));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-pipeline-engine-'));
  // The local edition's own "no engine on this machine" engine: every job fails with how to get one.
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0.2, transcribeEngine: unavailableEngine() });
}, 60_000);

afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('engine failure: the transcription job fails', () => {
  it('records the engine’s reason at the Transcription step, refunds the minutes and fails the execution', async () => {
    const host = await signUpAndSignIn(edition.url, 'engine@pipeline.example.com');
    const id = await h.uploadFixture(host.access, 'meeting_ami.m4a');
    const meeting = await h.waitForMeeting(host.access, id, h.settled, 120_000);
    expect(meeting.processing).toMatchObject({ status: 'failed', step: 'Transcription', transcript: 'failed', reason: NO_ENGINE_MESSAGE, minutes_charged: 0 });

    const [execution, ...others] = await h.executionsOf(id);
    expect(others).toHaveLength(0);
    expect(execution).toMatchObject({ status: 'FAILED', error: 'ProcessingFailed', cause: NO_ENGINE_MESSAGE });
    const states = await h.statesEntered(execution!.executionArn!);
    expect(missingInOrder(states, [
      'StartProcessing', 'IsThisRunClaimed?', 'ProbeMedia', 'ProcessMedia', 'ExtractAudio', 'StartTranscription',
      'GetTranscriptionJob', 'TranscriptionDone?', 'TranscriptionFailed', 'MarkFailed', 'ProcessingFailed',
    ])).toBeUndefined();
    expect(states.at(-1)).toBe('ProcessingFailed');
    expect(states).not.toContain('BuildTranscript');

    // Charged at ProbeMedia, given back by MarkFailed since no transcript was produced.
    expect(await h.charges(id)).toEqual([expect.objectContaining({ minutes: 1, refunded: true })]);
    expect(await h.minutesLeft(host.userId)).toBe(60);
    expect(await h.runClaims(id)).toEqual([expect.objectContaining({ status: 'failed', attempt: 1 })]);
    const link = await h.api('GET', `meetings/${id}/transcript/`, host.access);
    expect(link.body).toEqual({ url: null, expiration_time: null, status: 'failed', reason: NO_ENGINE_MESSAGE });
  }, 180_000);

  it('index_meeting_request retries a failed recording for real, once per failure (issue #19)', async () => {
    const host = await signUpAndSignIn(edition.url, 'retry@pipeline.example.com');
    const id = await h.uploadFixture(host.access, 'meeting_ami.m4a');
    // The SPA asks right after its upload, as here.
    expect((await h.api('GET', `meetings/${id}/index_meeting_request/`, host.access)).body.status).toMatch(/^(started|already_started)$/);
    await h.waitForMeeting(host.access, id, h.settled, 120_000);
    await h.executionsOf(id);
    // Usually attempt 1; 2 if the page's execution started only after the upload's run had failed (a busy machine).
    const [before, ...more] = await h.runClaims(id);
    expect(more).toEqual([]);
    expect(before).toMatchObject({ status: 'failed' });
    const attempts = Number(before!.attempt);

    expect((await h.api('GET', `meetings/${id}/index_meeting_request/`, host.access)).body).toEqual({ status: 'started' });
    const claims = await eventuallyClaims(id, attempts + 1);
    expect(claims).toEqual([expect.objectContaining({ status: 'failed', attempt: attempts + 1 })]);
    expect((await h.waitForMeeting(host.access, id, h.settled, 60_000)).processing).toMatchObject({ status: 'failed', reason: NO_ENGINE_MESSAGE });
    // Every run that really processed failed; an execution that found a run's claim ends at once (SUCCEEDED).
    expect((await h.executionsOf(id)).filter((e) => e.status === 'FAILED')).toHaveLength(attempts + 1);
  }, 300_000);

  it('a good re-upload after a failure does not keep the old failure reason (issue #19)', async () => {
    const host = await signUpAndSignIn(edition.url, 'reupload@pipeline.example.com');
    const id = await h.uploadMeeting(host.access, 'Not a recording', Buffer.from('this is not media '.repeat(200)), 'broken.mp4');
    const broken = await h.waitForMeeting(host.access, id, h.settled, 120_000);
    expect(broken.processing.status).toBe('failed');
    expect(broken.processing.reason).toBeTruthy();
    expect(broken.processing.reason).not.toBe(NO_ENGINE_MESSAGE);

    const link = await h.api('GET', `meetings/${id}/video_upload_url/?file_name=meeting_ami.m4a`, host.access);
    const form = new FormData();
    for (const [k, v] of Object.entries(link.body.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(await readFile(fixture('meeting_ami.m4a')))]), 'meeting_ami.m4a');
    expect((await fetch(link.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    // While the new recording is processed the old reason is gone; it ends with the new recording's own outcome.
    const seenWhileRunning: unknown[] = [];
    const after = await h.waitForMeeting(host.access, id, (m) => {
      if (m.processing && m.processing.status !== 'failed') seenWhileRunning.push(m.processing.reason);
      return m.processing?.status === 'failed' && m.processing.step === 'Transcription';
    }, 180_000);
    expect(after.processing.reason).toBe(NO_ENGINE_MESSAGE);
    expect(seenWhileRunning.every((reason) => reason === null)).toBe(true);
  }, 400_000);
});

describe('run claims on the local DynamoDB (issue 28)', () => {
  const ports = () => {
    const processing = createProcessingRepository(documentClient, MAIN_TABLE.localName);
    return {
      meetings: createMeetingsRepository(documentClient, MAIN_TABLE.localName),
      minutes: minutesBalanceFromConfig(documentClient, MAIN_TABLE.localName),
      claims: processing, states: processing, ledger: processing, transcripts: processing, clock: Date.now,
    };
  };
  const run = (meetingId: string, etag: string, executionId: string) => ({ meetingId, key: `uploads/${meetingId}/recording.m4a`, etag, executionId });

  it('a retry while the recording is processed, or after it finished, never changes the meeting, even without minutes left', async () => {
    const host = await signUpAndSignIn(edition.url, 'no-backwards@pipeline.example.com');
    const id = (await h.api('POST', 'meetings/', host.access, { name: 'Finished' })).body.id as string;
    const p = ports();
    expect(await claimUpload(p, run(id, 'etag-a', 'first'))).toMatchObject({ outcome: 'claimed' });
    await createProcessingRepository(documentClient, MAIN_TABLE.localName).chargeMinutes('elsewhere', 'etag-x', host.userId, 70, new Date().toISOString());
    expect(await claimUpload(p, run(id, 'etag-a', 'retry-while-running'))).toMatchObject({ outcome: 'already_processing' });
    await completeRun(p, run(id, 'etag-a', 'first'));
    expect(await claimUpload(p, run(id, 'etag-a', 'retry-after'), 2)).toMatchObject({ outcome: 'already_processing' });
    expect((await h.api('GET', `meetings/${id}/`, host.access)).body.processing).toMatchObject({ status: 'ready', reason: null });
  }, 60_000);

  it('uploading the earlier good file again after a failed upload processes it again', async () => {
    const host = await signUpAndSignIn(edition.url, 'good-again@pipeline.example.com');
    const id = (await h.api('POST', 'meetings/', host.access, { name: 'Recovered' })).body.id as string;
    const p = ports();
    await claimUpload(p, run(id, 'etag-good', 'good-1'));
    await completeRun(p, run(id, 'etag-good', 'good-1'));
    await claimUpload(p, run(id, 'etag-bad', 'bad-1'));
    await failRun(p, run(id, 'etag-bad', 'bad-1'), { Error: 'NotMediaFile', Cause: 'The uploaded file is not an audio or video recording.' });
    expect((await h.api('GET', `meetings/${id}/`, host.access)).body.processing).toMatchObject({ status: 'failed' });
    expect(await claimUpload(p, run(id, 'etag-good', 'good-2'))).toEqual({ outcome: 'claimed', attempt: 2 });
    expect((await h.api('GET', `meetings/${id}/`, host.access)).body.processing).toMatchObject({ status: 'queued', reason: null });
  }, 60_000);
});

/** The meeting's run claims once the last one reached `attempt`. */
const eventuallyClaims = (meetingId: string, attempt: number) => eventually(async () => {
  const claims = await h.runClaims(meetingId);
  if (!claims.some((c) => c.attempt === attempt && c.status !== 'running')) throw new Error(`claims: ${JSON.stringify(claims)}`);
  return claims;
}, 120_000, 250);
