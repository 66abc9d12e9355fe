import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers (or throws) no earlier than `floorMs` after the call began, so a public call
 * whose work differs by whether an e-mail has an account (an e-mail sent or not, a code stored or not)
 * takes the same time either way. The floor must exceed the slow path's usual time; a path slower
 * than the floor still leaks, which bench:api's enumeration figures watch.
 */
export async function equalTime<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  // Node's timers may fire up to a millisecond before the high-resolution clock says the time has passed: wait again.
  const pad = async () => {
    for (let left = floorMs - (performance.now() - started); left > 0; left = floorMs - (performance.now() - started)) {
      await sleep(Math.ceil(left));
    }
  };
  try {
    const result = await work();
    await pad();
    return result;
  } catch (error) {
    await pad();
    throw error;
  }
}
