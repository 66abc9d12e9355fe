import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runKillLoop } from '../helpers/kill-loop.js';

/**
 * The short kill -9 loop of issue #19 (3 kills at random moments while two recordings are processed); the long one
 * (≥ 10 kills) is `npm run bench:chaos`. Every meeting ends ready or failed with a reason, nothing is duplicated,
 * and each recording is charged once.
 */
describe('kill -9 at random moments during processing', () => {
  let dataDir: string;
  beforeAll(async () => { dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-kill-loop-')); });
  afterAll(async () => { await rm(dataDir, { recursive: true, force: true }); });

  it('keeps every promise over 3 kills and restarts', async () => {
    const outcome = await runKillLoop({ dataDir, kills: 3, initialMeetings: 2, maxMeetings: 2, recordingSeconds: 30, settleMs: 600_000 });
    expect(outcome.kills).toBe(3);
    expect(outcome.meetings).toHaveLength(2);
    expect(outcome.problems).toEqual([]);
    for (const m of outcome.meetings) expect(m.status === 'ready' || (m.status === 'failed' && m.reason)).toBeTruthy();
  }, 900_000);
});
