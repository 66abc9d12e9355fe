/**
 * npm run bench:chaos — the kill -9 loop of issue #19 against the local edition: recordings are processed while
 * the edition (in a child process) is killed with SIGKILL at random moments and restarted, CHAOS_KILLS times
 * (default 10). Prints each kill and the outcome: every meeting ready or failed with a reason, no duplicate
 * meeting, run or transcript, each recording charged once. Exits 1 when a promise was broken.
 *
 * Options (env): CHAOS_KILLS (default 10), CHAOS_MAX_DELAY_MS (default 8000), CHAOS_MEETINGS (default 4).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runKillLoop } from '../test/helpers/kill-loop.js';

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-chaos-'));
  const kills = Number(process.env.CHAOS_KILLS ?? 10);
  console.log(`bench:chaos: ${kills} × kill -9, machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) =>
    l.toFixed(1)).join(' ')} (shared: other work may be running)`);
  try {
    const outcome = await runKillLoop({
      dataDir, kills, maxDelayMs: Number(process.env.CHAOS_MAX_DELAY_MS ?? 8_000), maxMeetings: Number(process.env.CHAOS_MEETINGS ?? 4),
      log: (line) => console.log(`  ${line}`),
    });
    console.log(`kills: ${outcome.kills} in ${outcome.seconds} s; minutes left ${outcome.minutesLeft}`);
    for (const m of outcome.meetings) {
      console.log(`  ${m.id}: ${m.status}${m.reason ? ` (${m.reason})` :
        ''}, minutes charged ${m.minutesCharged}, executions ${m.executions}, run claims ${m.runClaims}, charges ${m.charges}, transcript files ` +
          `${m.transcripts}`);
    }
    console.log(outcome.problems.length === 0 ? 'outcome: PASS (every promise held)' : `outcome: FAIL\n  ${outcome.problems.join('\n  ')}`);
    if (outcome.problems.length > 0) process.exitCode = 1;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { console.error(error); process.exitCode = 1; });
