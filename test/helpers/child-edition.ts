import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { PROJECT_ROOT } from '../../local/runtime.js';

/** What test/helpers/local-edition-child.ts prints once the edition is up. */
export interface ChildEditionReady { url: string; endpoints: Record<string, string>; resumeArn: string }

/**
 * Starts the local edition in its own process (so it can be killed with -9) on `dataDir`. `waitScale` scales the
 * state machines' Wait states and Retry intervals, as `startLocalEdition`'s option does (default 1: real durations;
 * crash-recovery.test.ts needs its 3 s Wait to kill into).
 */
export function startChildEdition(dataDir: string, options: { waitScale?: number } = {}): Promise<{ child: ChildProcess; ready: ChildEditionReady }> {
  const args = ['--import', 'tsx', 'test/helpers/local-edition-child.ts', dataDir, ...(options.waitScale === undefined ? [] : [String(options.waitScale)])];
  const child = spawn(process.execPath, args, {
    // jest gives each test file its own copy of process.env; pass it, so the child sees what the test set
    // (MEETSCRIBE_LOCAL_CREDENTIALS: the key pair both sides sign with).
    cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`local edition exited early with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{"ready":true')) resolve({ child, ready: JSON.parse(line) });
    });
  });
}

/** SIGKILL, as `kill -9` would; resolves when the process is gone. */
export function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); });
}

/** True while the child has neither exited nor been killed by a signal. */
export const stillRunning = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;
