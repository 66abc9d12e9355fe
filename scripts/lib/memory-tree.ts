/**
 * Resident memory of a process tree over a run, by role (Linux /proc): the harness (this process and the tools it
 * runs, e.g. ffmpeg), and the product (the engine host process, its worker threads, and the native Whisper processes
 * it starts). Keeps each role's peak, the peak of the total and what each role held at that moment, and optionally
 * a timeline (one CSV line a second) to tell the stages apart: the host's thread count rises while the VAD and
 * diarizer worker threads run, and the Whisper processes' CPU time grows while they decode.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';

export type Role = 'harness' | 'harness tools' | 'engine host' | 'whisper processes' | 'host tools';
export const ROLES: readonly Role[] = ['harness', 'harness tools', 'engine host', 'whisper processes', 'host tools'];
const PRODUCT: ReadonlySet<Role> = new Set(['engine host', 'whisper processes', 'host tools']);

interface Proc { ppid: number; rss: number; threads: number; cpuTicks: number; command: string }

async function readProcs(): Promise<Map<number, Proc>> {
  const procs = new Map<number, Proc>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 22) continue;
    const n = (i: number) => Number(fields[i - 3]);
    procs.set(Number(entry), { ppid: n(4), cpuTicks: n(14) + n(15), threads: n(20), rss: n(24) * 4096, command: '' });
  }
  return procs;
}

export interface MemoryReport {
  /** Peak of the sum over all roles, and each role's bytes at that moment. */
  peakTotal: number; atPeak: Record<Role, number>;
  /** Peak of the product's roles together, and of the harness's. */
  peakProduct: number; peakHarness: number;
  /** Each role's own peak (not simultaneous). */
  rolePeaks: Record<Role, number>;
  /** Largest single Whisper process seen, and the most seen at once. */
  largestWhisper: number; whisperCount: number;
}

const zero = (): Record<Role, number> => ({ harness: 0, 'harness tools': 0, 'engine host': 0, 'whisper processes': 0, 'host tools': 0 });

/**
 * Samples every `intervalMs` the tree under this process; `host()` names the engine host's pid (when there is one).
 * With `timeline`, writes `seconds,harness MB,host MB,host threads,whisper MB,whisper CPU s,tools MB` once a second.
 */
export function startMemoryTree(host: () => number | undefined, options: { intervalMs?: number; timeline?: string } = {}): { stop(): Promise<MemoryReport> } {
  const report: MemoryReport = { peakTotal: 0, atPeak: zero(), peakProduct: 0, peakHarness: 0, rolePeaks: zero(), largestWhisper: 0, whisperCount: 0 };
  const commands = new Map<number, string>();
  const started = performance.now();
  let lastLine = -1;
  if (options.timeline) writeFileSync(options.timeline, 'seconds,harness_mb,host_mb,host_threads,whisper_mb,whisper_cpu_s,tools_mb\n');
  const sample = async () => {
    const procs = await readProcs();
    const hostPid = host();
    const bytes = zero();
    let hostThreads = 0;
    let whisperCpu = 0;
    let whispers = 0;
    for (const [pid, p] of procs) {
      const chain: number[] = [];
      let q: number | undefined = pid;
      while (q && q !== process.pid) { chain.push(q); q = procs.get(q)?.ppid; }
      if (q !== process.pid) continue;
      let role: Role;
      if (pid === hostPid) { role = 'engine host'; hostThreads = p.threads; } else if (hostPid !== undefined && chain.includes(hostPid)) {
        if (!commands.has(pid)) commands.set(pid, await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''));
        role = /native-child/.test(commands.get(pid)!) ? 'whisper processes' : 'host tools';
      } else role = 'harness tools';
      if (role === 'whisper processes') { whispers++; whisperCpu += p.cpuTicks / 100; report.largestWhisper = Math.max(report.largestWhisper, p.rss); }
      bytes[role] += p.rss;
    }
    bytes.harness = procs.get(process.pid)?.rss ?? process.memoryUsage().rss;
    const total = ROLES.reduce((n, r) => n + bytes[r], 0);
    if (total > report.peakTotal) { report.peakTotal = total; report.atPeak = bytes; }
    report.peakProduct = Math.max(report.peakProduct, ROLES.filter((r) => PRODUCT.has(r)).reduce((n, r) => n + bytes[r], 0));
    report.peakHarness = Math.max(report.peakHarness, bytes.harness + bytes['harness tools']);
    for (const r of ROLES) report.rolePeaks[r] = Math.max(report.rolePeaks[r], bytes[r]);
    report.whisperCount = Math.max(report.whisperCount, whispers);
    const second = Math.floor((performance.now() - started) / 1000);
    if (options.timeline && second > lastLine) {
      lastLine = second;
      const mb = (b: number) => (b / 1024 ** 2).toFixed(0);
      appendFileSync(options.timeline, `${second},${mb(bytes.harness)},${mb(bytes['engine host'])},${hostThreads},${mb(bytes['whisper processes'])},`
        + `${whisperCpu.toFixed(1)},${mb(bytes['harness tools'] + bytes['host tools'])}\n`);
    }
  };
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => { running = running.then(sample).catch(() => undefined); }, options.intervalMs ?? 200);
  return { stop: async () => { clearInterval(timer); await running; return report; } };
}

/** The report as lines: product, harness, total, and what made up the total's peak. */
export function describeMemory(r: MemoryReport): string[] {
  const mb = (b: number) => `${(b / 1024 ** 2).toFixed(0)} MB`;
  return [
    `peak memory of the product (engine host + its worker threads + ${r.whisperCount} Whisper process(es) + tools it ran): `
      + mb(r.peakProduct),
    `peak memory of the harness (eval process + the ffmpeg it ran): ${mb(r.peakHarness)}`,
    `peak memory in total: ${mb(r.peakTotal)} = ${ROLES.filter((x) => r.atPeak[x] > 0).map((x) => `${x} ${mb(r.atPeak[x])}`).join(' + ')}`,
    `each part's own peak: ${ROLES.filter((x) => r.rolePeaks[x] > 0).map((x) => `${x} ${mb(r.rolePeaks[x])}`).join(', ')}; `
      + `largest Whisper process ${mb(r.largestWhisper)}`,
  ];
}
