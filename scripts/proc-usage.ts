/**
 * CPU time and resident memory of this process together with all its descendants (Linux /proc), for the benches: the
 * native Whisper sessions run in child processes, which `process.cpuUsage()` does not count.
 */
import { readdir, readFile } from 'node:fs/promises';

const TICKS_PER_SECOND = 100;

interface Proc { ppid: number; cpuTicks: number; rssBytes: number }

async function readProcs(): Promise<Map<number, Proc>> {
  const procs = new Map<number, Proc>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command name "(...)": state ppid … utime(14) stime(15) cutime(16) cstime(17) … rss(24, pages).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 22) continue;
    const n = (i: number) => Number(fields[i - 3]);
    procs.set(Number(entry), { ppid: n(4), cpuTicks: n(14) + n(15) + n(16) + n(17), rssBytes: n(24) * 4096 });
  }
  return procs;
}

/** CPU seconds (user + system) used so far by this process and every descendant, live or ended. */
export async function treeUsage(root = process.pid): Promise<{ cpuSeconds: number; rssBytes: number }> {
  const procs = await readProcs();
  let ticks = 0;
  let rss = 0;
  for (const [pid, p] of procs) {
    let q: number | undefined = pid;
    while (q && q !== root) q = procs.get(q)?.ppid;
    if (q !== root) continue;
    ticks += p.cpuTicks;
    rss += p.rssBytes;
  }
  return { cpuSeconds: ticks / TICKS_PER_SECOND, rssBytes: rss };
}

/** Samples the tree's resident memory every 250 ms; stop() gives the peak of the sum. */
export function startPeakMemory(): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => void treeUsage().then((u) => { peak = Math.max(peak, u.rssBytes); }, () => undefined), 250);
  timer.unref();
  return { stop: () => { clearInterval(timer); return peak; } };
}
