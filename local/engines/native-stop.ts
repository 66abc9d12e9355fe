/**
 * A stop flag for worker threads that call native (N-API) code. Terminating a worker while it is
 * inside such a call makes the addon throw a C++ Napi::Error that nothing catches, and the whole
 * process aborts (SIGABRT). So the parent only terminates a worker that is outside native code; a
 * worker inside it sees the request between calls and ends by itself.
 *
 * Slot 0: stop requested (set by the parent). Slot 1: inside native code (set by the worker).
 * Each side writes its own slot, then reads the other's (sequentially consistent), so at least one
 * of them sees the other: either the parent waits, or the worker never starts the next native call.
 */
export type StopFlag = Int32Array;

const REQUESTED = 0;
const NATIVE = 1;

export class StoppedError extends Error {
  constructor() { super('stopped'); this.name = 'StoppedError'; }
}

export function createStopFlag(): StopFlag {
  return new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
}

/** Asks the worker to stop; true when it is outside native code and may be terminated now. */
export function requestStop(flag: StopFlag): boolean {
  Atomics.store(flag, REQUESTED, 1);
  return Atomics.load(flag, NATIVE) === 0;
}

export function stopRequested(flag: StopFlag | undefined): boolean {
  return flag !== undefined && Atomics.load(flag, REQUESTED) === 1;
}

/**
 * Runs `work` marked as native. `work` should call `throwIfStopped` between its native calls.
 * Throws StoppedError, without running `work`, when a stop was already requested.
 */
export async function runNative<T>(flag: StopFlag | undefined, work: () => T | Promise<T>): Promise<T> {
  if (flag === undefined) return work();
  Atomics.store(flag, NATIVE, 1);
  try {
    throwIfStopped(flag);
    return await work();
  } finally {
    Atomics.store(flag, NATIVE, 0);
  }
}

export function throwIfStopped(flag: StopFlag | undefined): void {
  if (stopRequested(flag)) throw new StoppedError();
}
