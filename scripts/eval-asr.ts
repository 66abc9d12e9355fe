/**
 * Accuracy evaluation of the local speech engine over the development fixtures.
 *
 *   npx tsx scripts/eval-asr.ts [--only asr,diarization,meeting] [--match text] [--engines native,wasm] [--json results.json]
 *
 * --match keeps only the items whose id (e.g. meeting/meeting_constructed, asr/jfk) contains the text.
 * --engines (default native,wasm) runs the Whisper engine once per runtime (MEETSCRIBE_WHISPER_RUNTIME) and ends with
 * the WER, word-time and memory figures of each side by side; with another engine selected it runs once.
 *
 * Fixtures come from MEETSCRIBE_FIXTURES_DIR (default ../shared/fixtures next to the project). Prints
 * per-item and overall WER (case and punctuation normalised, digits spelled out), DER (0.25 s collar,
 * overlap scored), real-time factor, and the peak resident memory of this process plus its children.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { convertToWav, readWav } from '../local/engines/audio.js';
import { diarizationErrorRate, diarizationErrors, labelTurns, parseRttm, sumDerCounts, type DerCounts } from '../local/engines/der.js';
import { selectEngine } from '../local/engines/select.js';
import type { TranscriptionEngine } from '../local/engines/types.js';
import { errorRate, normalizeWords, sumWerCounts, wordErrors, type WerCounts } from '../local/engines/wer.js';
import { measureWordTimes, type TimedTurn, type WordTimeAccuracy } from '../local/engines/word-times.js';
import { FIXTURES_DIR as FIXTURES } from '../test/helpers/shared-data.js';

/** Speaker bound given to the diarizer: generic, not the known count of each file. */
const MAX_SPEAKERS = 10;

interface ItemResult { id: string; seconds: number; elapsed: number; wer?: WerCounts; der?: DerCounts; speakers?: number; refSpeakers?: number; times?: WordTimeAccuracy }

const args = process.argv.slice(2);
const only = new Set((valueOf('--only') ?? 'asr,diarization,meeting').split(','));
const jsonOut = valueOf('--json');
const match = valueOf('--match');
const runtimes = (valueOf('--engines') ?? 'native,wasm').split(',').map((e) => e.trim()).filter(Boolean);
for (const r of runtimes) if (r !== 'native' && r !== 'wasm') throw new Error(`--engines takes native and/or wasm, got "${r}"`);
const wanted = (id: string) => match === undefined || id.includes(match);

function valueOf(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Samples the resident memory of this process and of every descendant, keeping the peak of the sum. */
function startMemorySampler(): { stop(): number } {
  let peak = 0;
  const sample = async () => {
    try {
      const parents = new Map<number, number>();
      const rss = new Map<number, number>();
      for (const entry of await readdir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const status = await readFile(`/proc/${entry}/status`, 'utf8').catch(() => '');
        const ppid = /PPid:\s+(\d+)/.exec(status)?.[1];
        const vmRss = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        if (ppid) parents.set(Number(entry), Number(ppid));
        if (vmRss) rss.set(Number(entry), Number(vmRss) * 1024);
      }
      let total = 0;
      for (const [pid, bytes] of rss) {
        let p: number | undefined = pid;
        while (p && p !== process.pid) p = parents.get(p);
        if (p === process.pid) total += bytes;
      }
      peak = Math.max(peak, total);
    } catch {
      peak = Math.max(peak, process.memoryUsage().rss); // no /proc (not Linux): this process only
    }
  };
  const timer = setInterval(() => void sample(), 150);
  return { stop: () => { clearInterval(timer); return peak; } };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; elapsed: number }> {
  const start = performance.now();
  const value = await work();
  return { value, elapsed: (performance.now() - start) / 1000 };
}

async function evalAsr(engine: TranscriptionEngine): Promise<ItemResult[]> {
  const dir = path.join(FIXTURES, 'asr');
  const results: ItemResult[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.wav')).sort()) {
    const id = file.replace(/\.wav$/, '');
    if (!wanted(`asr/${id}`)) continue;
    const wav = path.join(dir, file);
    const seconds = (await readWav(wav)).samples.length / 16_000;
    const { value, elapsed } = await timed(() => engine.transcribe(wav, { maxSpeakers: 1 }));
    const reference = await readFile(path.join(dir, `${id}.txt`), 'utf8');
    const wer = wordErrors(normalizeWords(reference), normalizeWords(value.words.map((w) => w.text).join(' ')));
    results.push({ id: `asr/${id}`, seconds, elapsed, wer });
    print(results.at(-1)!);
  }
  return results;
}

async function evalDiarization(engine: TranscriptionEngine, items: Array<{ id: string; wav: string; rttm: string; text?: string; turns?: TimedTurn[] }>): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const item of items.filter((i) => wanted(i.id))) {
    const seconds = (await readWav(item.wav)).samples.length / 16_000;
    const { value, elapsed } = await timed(() => engine.transcribe(item.wav, { maxSpeakers: MAX_SPEAKERS }));
    const reference = parseRttm(await readFile(item.rttm, 'utf8'));
    const hypothesis = value.turns ?? value.words.map((w) => ({ start: w.start, end: w.end, speaker: w.speaker }));
    const result: ItemResult = {
      id: item.id, seconds, elapsed,
      der: diarizationErrors(reference, labelTurns(hypothesis), 0.25),
      speakers: new Set(hypothesis.map((t) => t.speaker)).size,
      refSpeakers: new Set(reference.map((t) => t.speaker)).size,
    };
    if (item.text !== undefined) result.wer = wordErrors(normalizeWords(item.text), normalizeWords(value.words.map((w) => w.text).join(' ')));
    if (item.turns) result.times = measureWordTimes(item.turns, value.words);
    results.push(result);
    print(result);
  }
  return results;
}

function print(r: ItemResult): void {
  const parts = [r.id.padEnd(44), `${r.seconds.toFixed(1).padStart(6)} s`, `RTF ${(r.elapsed / r.seconds).toFixed(2)}`];
  if (r.wer) parts.push(`WER ${(errorRate(r.wer) * 100).toFixed(1).padStart(5)} % (${r.wer.referenceWords} words)`);
  if (r.der) parts.push(`DER ${(diarizationErrorRate(r.der) * 100).toFixed(1).padStart(5)} % (speakers ${r.speakers}/${r.refSpeakers})`);
  if (r.times) parts.push(`word times: ${(r.times.insideShare * 100).toFixed(1)} % of ${r.times.matched} matched words inside their turn (±0.25 s), turn boundary error ${r.times.meanBoundaryError.toFixed(2)} s`);
  console.log(parts.join('  '));
}

function sumWer(results: ItemResult[]): WerCounts {
  return sumWerCounts(results.flatMap((r) => (r.wer ? [r.wer] : [])));
}

function sumDer(results: ItemResult[]): DerCounts {
  return sumDerCounts(results.flatMap((r) => (r.der ? [r.der] : [])));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

interface Evaluation { engine: string; sections: Record<string, ItemResult[]>; peak: number }

async function evaluate(engine: TranscriptionEngine): Promise<Evaluation> {
  console.log(`Engine: ${engine.name}; fixtures: ${FIXTURES}; cores: ${os.availableParallelism()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const memory = startMemorySampler();
  const work = await mkdtemp(path.join(os.tmpdir(), 'eval-asr-'));
  const sections: Record<string, ItemResult[]> = {};
  try {
    if (only.has('asr')) sections.asr = await evalAsr(engine);
    if (only.has('diarization')) {
      const dir = path.join(FIXTURES, 'diarization');
      const ids = (await readdir(dir)).filter((f) => f.endsWith('.wav')).map((f) => f.replace(/\.wav$/, '')).sort();
      sections.diarization = await evalDiarization(engine, ids.map((id) => ({ id: `diarization/${id}`, wav: path.join(dir, `${id}.wav`), rttm: path.join(dir, `${id}.rttm`) })));
    }
    if (only.has('meeting')) {
      const dir = path.join(FIXTURES, 'meeting');
      const items = [];
      for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
        const id = file.replace(/\.json$/, '');
        const meta = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { media_file: string; segments: Array<{ start: number; end: number; text: string | null }> };
        const wav = path.join(work, `${id}.wav`);
        await convertToWav(path.join(FIXTURES, meta.media_file), wav);
        const texts = [...meta.segments].sort((a, b) => a.start - b.start).map((s) => s.text);
        const withText = texts.every((t) => typeof t === 'string');
        const turns = withText ? [...meta.segments].sort((a, b) => a.start - b.start).map((s) => ({ start: s.start, end: s.end, text: s.text! })) : undefined;
        items.push({ id: `meeting/${id}`, wav, rttm: path.join(dir, `${id}.rttm`), text: withText ? texts.join(' ') : undefined, turns });
      }
      sections.meeting = await evalDiarization(engine, items);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const peak = memory.stop();
  await engine.close?.();
  printSummary({ engine: engine.name, sections, peak });
  return { engine: engine.name, sections, peak };
}

function printSummary({ engine, sections, peak }: Evaluation): void {
  const all = Object.values(sections).flat();
  console.log(`\nSummary: ${engine}`);
  for (const [name, results] of Object.entries(sections)) {
    const seconds = results.reduce((n, r) => n + r.seconds, 0);
    const elapsed = results.reduce((n, r) => n + r.elapsed, 0);
    const line = [`  ${name.padEnd(12)}`, `${results.length} items, ${(seconds / 60).toFixed(1)} min`, `RTF ${(elapsed / seconds).toFixed(2)}`];
    if (results.some((r) => r.wer)) line.push(`WER ${pct(errorRate(sumWer(results)))}`);
    if (results.some((r) => r.der)) {
      const counted = results.filter((r) => r.der);
      line.push(`DER ${pct(diarizationErrorRate(sumDer(results)))}`, `speakers right ${counted.filter((r) => r.speakers === r.refSpeakers).length}/${counted.length}`);
    }
    console.log(line.join('  '));
  }
  const derItems = all.filter((r) => r.der);
  if (derItems.length) console.log(`  pooled DER (diarization + meeting): ${pct(diarizationErrorRate(sumDer(derItems)))}, speakers right in ${derItems.filter((r) => r.speakers === r.refSpeakers).length} of ${derItems.length}`);
  console.log(`  peak memory (this process + children): ${(peak / 1024 ** 2).toFixed(0)} MB`);
}

/** One line per figure, one column per runtime. */
function printComparison(runs: Array<{ runtime: string } & Evaluation>): void {
  console.log(`\nSide by side (${runs.map((r) => r.runtime).join(' | ')})`);
  const row = (label: string, figure: (e: Evaluation) => string) => console.log(`  ${label.padEnd(34)} ${runs.map((r) => figure(r).padStart(10)).join('  ')}`);
  const sectionNames = [...new Set(runs.flatMap((r) => Object.keys(r.sections)))];
  for (const name of sectionNames) {
    if (runs.some((r) => r.sections[name]?.some((i) => i.wer))) row(`WER ${name}`, (e) => pct(errorRate(sumWer(e.sections[name] ?? []))));
  }
  const allWer = (e: Evaluation) => pct(errorRate(sumWer(Object.values(e.sections).flat())));
  row('WER, all items with text', allWer);
  const times = (e: Evaluation) => Object.values(e.sections).flat().find((i) => i.times)?.times;
  row('word times inside their turn', (e) => (times(e) ? `${(times(e)!.insideShare * 100).toFixed(1)} %` : '—'));
  row('turn boundary error', (e) => (times(e) ? `${times(e)!.meanBoundaryError.toFixed(2)} s` : '—'));
  row('RTF, all items', (e) => {
    const items = Object.values(e.sections).flat();
    return (items.reduce((n, i) => n + i.elapsed, 0) / items.reduce((n, i) => n + i.seconds, 0)).toFixed(3);
  });
  row('peak memory', (e) => `${(e.peak / 1024 ** 2).toFixed(0)} MB`);
}

async function main() {
  const log = (message: string, extra?: Record<string, unknown>) => console.log(message, extra ?? '');
  const runs: Array<{ runtime: string } & Evaluation> = [];
  for (const runtime of runtimes) {
    process.env.MEETSCRIBE_WHISPER_RUNTIME = runtime;
    const engine = await selectEngine({ log });
    if (engine.name === 'none') throw new Error('No engine available (see the message above)');
    runs.push({ runtime, ...(await evaluate(engine)) });
    // The runtime only matters to the Whisper engine from npm.
    if (!engine.name.startsWith('whisper tiny.en')) break;
  }
  if (runs.length > 1) printComparison(runs);
  if (jsonOut) await writeFile(jsonOut, JSON.stringify(runs.map((r) => ({ runtime: r.runtime, engine: r.engine, sections: r.sections, peakMemoryBytes: r.peak })), null, 2));
}

await main();
