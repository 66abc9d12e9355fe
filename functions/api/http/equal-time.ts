import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers (or throws) no earlier than `floorMs` after the call began, so a public call
 * whose work differs by whether an e-mail has an account (an e-mail sent or not, a code stored or not)
 * takes the same time either way. The floor must exceed the slow path's usual time; a path slower
 * than the floor still leaks, which bench:api's enumeration figures watch.
 */
export async function equalTime<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const pad = async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
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
