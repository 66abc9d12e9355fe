import { MeetingNotFound } from '../../../functions/core/pipeline/errors.js';
import { chargeRecordingOnce, claimUpload, completeRun, failRun } from '../../../functions/core/pipeline/run-rules.js';
import { WAITING_FOR_MINUTES } from '../../../functions/core/billing/messages.js';
import { inMemoryPipeline } from './in-memory-pipeline.js';

const upload = (executionId: string) => ({ meetingId: 'm1', key: 'uploads/m1/recording.mp4', etag: 'e1', executionId });

describe('claimUpload', () => {
  it('claims an upload for the first execution only, and queues the meeting', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    expect(await claimUpload(p.ports, upload('x1'))).toEqual({ outcome: 'claimed', attempt: 1 });
    expect(await claimUpload(p.ports, upload('x2'))).toEqual({ outcome: 'already_processing', attempt: 1 });
    expect(p.states.get('m1')).toMatchObject({ status: 'queued', uploadKey: 'uploads/m1/recording.mp4' });
  });

  it('gives the same execution its claim back after a restart', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    expect(await claimUpload(p.ports, upload('x1'))).toEqual({ outcome: 'claimed', attempt: 1 });
  });

  it('lets a new execution take over a failed run with the next attempt', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    await failRun(p.ports, upload('x1'), { Error: 'TranscriptionFailed', Cause: 'engine gave up' });
    expect(await claimUpload(p.ports, upload('x2'))).toEqual({ outcome: 'claimed', attempt: 2 });
  });

  it('ends quietly for a deleted meeting', async () => {
    const p = inMemoryPipeline();
    expect(await claimUpload(p.ports, upload('x1'))).toEqual({ outcome: 'meeting_not_found', attempt: 0 });
    expect(p.runs.size).toBe(0);
  });

  it('never moves a meeting backwards: a retry while another run processes the upload, or after it finished, changes nothing', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    p.setMinutesLeft('host', -5);
    const processing = { ...p.states.get('m1')!, status: 'processing' as const, step: 'Transcription' as const };
    await p.ports.states.resetState('m1', processing);
    expect(await claimUpload(p.ports, upload('retry-1'))).toEqual({ outcome: 'already_processing', attempt: 1 });
    expect(p.states.get('m1')).toEqual(processing);
    await completeRun(p.ports, upload('x1'));
    const ready = p.states.get('m1');
    expect(await claimUpload(p.ports, upload('retry-2'), 3)).toEqual({ outcome: 'already_processing', attempt: 1 });
    expect(p.states.get('m1')).toEqual(ready);
    expect(ready).toMatchObject({ status: 'ready', reason: null });
  });

  it('processes a known-good file uploaded again after a failed upload replaced it', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('good-1'));
    await completeRun(p.ports, upload('good-1'));
    const bad = { meetingId: 'm1', key: 'uploads/m1/recording.mp4', etag: 'e-bad', executionId: 'bad-1' };
    await claimUpload(p.ports, bad);
    await failRun(p.ports, bad, { Error: 'NotMediaFile', Cause: 'not a recording' });
    expect(await claimUpload(p.ports, upload('good-2'))).toEqual({ outcome: 'claimed', attempt: 2 });
    expect(p.states.get('m1')).toMatchObject({ status: 'queued', uploadEtag: 'e1', reason: null });
  });

  it('keeps the recording of a host without minutes waiting, unclaimed, and counts the checks', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    p.setMinutesLeft('host', -3);
    expect(await claimUpload(p.ports, upload('x1'), 4)).toEqual({ outcome: 'waiting_for_minutes', attempt: 0, waits: 5 });
    expect(p.runs.size).toBe(0);
    expect(p.states.get('m1')).toMatchObject({ status: 'queued', reason: WAITING_FOR_MINUTES });
  });
});

describe('chargeRecordingOnce', () => {
  it('charges the host whole minutes once per recording, and reports the same charge when run again', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    expect((await chargeRecordingOnce(p.ports, 'm1', 'e1', 148)).minutesCharged).toBe(3);
    expect((await chargeRecordingOnce(p.ports, 'm1', 'e1', 148)).minutesCharged).toBe(3);
    expect([...p.charges.values()]).toEqual([{ userId: 'host', minutes: 3, refunded: false }]);
  });

  it('charges a new recording in the same meeting', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await chargeRecordingOnce(p.ports, 'm1', 'e1', 60);
    await chargeRecordingOnce(p.ports, 'm1', 'e2', 61);
    expect([...p.charges.values()].map((c) => c.minutes)).toEqual([1, 2]);
  });

  it('charges ten recordings probed at once on a 60-minute plan as if one after another: three charged, the others wait', async () => {
    const charge = async (inParallel: boolean) => {
      const p = inMemoryPipeline();
      p.setAllowance('host', 60);
      const ids = Array.from({ length: 10 }, (_, i) => `m${i}`);
      for (const id of ids) p.addMeeting(id, 'host');
      const one = (id: string) => chargeRecordingOnce(p.ports, id, 'e1', 21 * 60).then(() => 'charged', (error: Error) => error.name);
      const outcomes: string[] = [];
      if (inParallel) outcomes.push(...await Promise.all(ids.map(one)));
      else for (const id of ids) outcomes.push(await one(id));
      return { outcomes: outcomes.sort(), left: await p.ports.minutes.minutesLeft('host') };
    };
    const parallel = await charge(true);
    expect(parallel).toEqual(await charge(false));
    expect(parallel.left).toBe(-3);
    expect(parallel.outcomes).toEqual([...Array(7).fill('MinutesUsedUp'), ...Array(3).fill('charged')]);
  });

  it('refuses a meeting deleted before its recording was probed', async () => {
    const p = inMemoryPipeline();
    await expect(chargeRecordingOnce(p.ports, 'gone', 'e1', 60)).rejects.toBeInstanceOf(MeetingNotFound);
  });
});

describe('failRun', () => {
  it('refunds the minutes of a run that produced no transcript, records the step and reason, and closes the claim as failed', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    await chargeRecordingOnce(p.ports, 'm1', 'e1', 150);
    await p.ports.states.patchState('m1', { step: 'Transcription' });
    const record = await failRun(p.ports, upload('x1'), { Error: 'TranscriptionFailed', Cause: 'The engine gave up.' });
    expect(record).toMatchObject({ step: 'Transcription', error: 'TranscriptionFailed', minutesRefunded: 3 });
    expect(p.states.get('m1')).toMatchObject({ status: 'failed', minutesCharged: 0, artefacts: { transcript: 'failed' } });
    expect(p.runs.get('m1/e1')?.status).toBe('failed');
  });

  it('keeps the charge when the transcript was produced', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    await chargeRecordingOnce(p.ports, 'm1', 'e1', 150);
    await p.ports.transcripts.saveTranscript('m1', { jsonKey: 'j', textKey: 't', speakers: [], speakerNames: {}, createdAt: 'now' });
    expect((await failRun(p.ports, upload('x1'), { Error: 'States.Timeout' })).minutesRefunded).toBe(0);
    expect([...p.charges.values()][0]!.refunded).toBe(false);
  });

  it('refunds once however often it runs', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    await chargeRecordingOnce(p.ports, 'm1', 'e1', 120);
    await failRun(p.ports, upload('x1'), undefined);
    expect((await failRun(p.ports, upload('x1'), undefined)).minutesRefunded).toBe(0);
  });

  it('is not an error for a meeting deleted meanwhile', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    p.deleteMeeting('m1');
    await expect(failRun(p.ports, upload('x1'), { Error: 'Error' })).resolves.toMatchObject({ error: 'Error' });
    expect(p.runs.get('m1/e1')?.status).toBe('failed');
  });
});

describe('completeRun', () => {
  it('marks the meeting ready at 100 % and closes only its own claim as succeeded', async () => {
    const p = inMemoryPipeline();
    p.addMeeting('m1', 'host');
    await claimUpload(p.ports, upload('x1'));
    await completeRun(p.ports, upload('x2'));
    expect(p.runs.get('m1/e1')?.status).toBe('running');
    await completeRun(p.ports, upload('x1'));
    expect(p.states.get('m1')).toMatchObject({ status: 'ready', step: 'Finalize', percent: 100, reason: null });
    expect(p.runs.get('m1/e1')?.status).toBe('succeeded');
  });
});
