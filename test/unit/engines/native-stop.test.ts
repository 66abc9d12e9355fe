import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createStopFlag, requestStop, runNative, StoppedError, stopRequested, throwIfStopped } from '../../../local/engines/native-stop.js';
import { SHARED_MODELS_DIR } from '../../helpers/shared-data.js';

describe('the native stop flag', () => {
  it('lets the parent terminate a worker that is outside native code', () => {
    const flag = createStopFlag();

    expect(requestStop(flag)).toBe(true);
    expect(stopRequested(flag)).toBe(true);
  });

  it('tells the parent to wait while the worker is inside native code, and the worker stops at its next check', async () => {
    const flag = createStopFlag();
    let mayTerminate: boolean | undefined;

    const work = runNative(flag, () => {
      mayTerminate = requestStop(flag);
      throwIfStopped(flag);
      return 'finished';
    });

    await expect(work).rejects.toBeInstanceOf(StoppedError);
    expect(mayTerminate).toBe(false);
    expect(requestStop(flag)).toBe(true);
  });

  it('does not start native work once a stop was requested', async () => {
    const flag = createStopFlag();
    requestStop(flag);
    let ran = false;

    await expect(runNative(flag, () => { ran = true; })).rejects.toBeInstanceOf(StoppedError);
    expect(ran).toBe(false);
  });

  it('runs the work as is without a flag (not in a worker)', async () => {
    await expect(runNative(undefined, () => 42)).resolves.toBe(42);
    expect(() => throwIfStopped(undefined)).not.toThrow();
  });

  // The CI failure of stop 22: a worker terminated inside a sherpa-onnx call aborted jest with SIGABRT.
  it('survives aborting Silero VAD workers at 10 moments spread over a pass', async () => {
    const model = path.join(SHARED_MODELS_DIR, 'silero-vad', 'silero_vad.onnx');

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/helpers/abort-silero-workers.mts', model, '10'], { timeout: 240_000 });

    expect(stdout).toMatch(/^survived 10 aborts/m);
  }, 300_000);
});
