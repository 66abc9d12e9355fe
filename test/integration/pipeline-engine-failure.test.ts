import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NO_ENGINE_MESSAGE, unavailableEngine } from '../../local/engines/select.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { signUpAndSignIn } from '../helpers/users.js';
import { missingInOrder, pipelineHarness, PROCESS_MEETING } from './pipeline-harness.js';

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
});
