/**
 * Accuracy evaluation of the local speech engine over the development fixtures.
 *
 *   npx tsx scripts/eval-asr.ts [--only asr,quiet,gaps,diarization,meeting|long] [--match text] [--engines native,wasm]
 *                               [--json results.json] [--attenuations 20,30,40] [--long-minutes 120]
 *
 * --match keeps only the items whose id (e.g. meeting/meeting_constructed, asr/jfk) contains the text.
 * --engines (default native,wasm) runs the Whisper engine once per runtime (MEETSCRIBE_WHISPER_RUNTIME) and ends with
 * the WER, word-time and memory figures of each side by side; with another engine selected it runs once.
 *
 * Fixtures come from MEETSCRIBE_FIXTURES_DIR (default ../shared/fixtures next to the project). Every item goes through
 * the product's audio extraction (levelling included, functions/adapters/media/ffmpeg.ts) before the engine. Prints
 * per-item and overall WER (case and punctuation normalised, digits spelled out), DER (0.25 s collar,
 * overlap scored), cpWER where the reference gives each speaker's words, real-time factor, the CPU time and the
 * machine's load, and the peak resident memory: the engine runs in a child process of its own (scripts/lib/engine-host.ts,
 * started as the local edition starts it), so the product's peak (that process, its worker threads and the Whisper
 * processes it starts) is reported apart from the harness's (this process and its ffmpeg runs) and the total; the
 * harness never reads a recording's samples (durations come from the WAV header). --memory-log file.csv writes the
 * timeline of each part's memory, one line a second (scripts/lib/memory-tree.ts). Sections made at run time in a temp
 * folder (issue 31): `quiet` — the asr/ clips attenuated by 20, 30 and 40 dB; `gaps` — the constructed meeting with
 * 10 min of room silence and 5 min of synthetic hold music inserted between turns; `long` (not in the default set,
 * heavy) — the constructed meeting repeated to --long-minutes, scored on its last 5 minutes.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractSpeechAudio } from '../functions/adapters/media/ffmpeg.js';
import type { LevellingDecision } from '../functions/core/pipeline/levelling.js';
import { cpWordErrors } from '../local/engines/cpwer.js';
import { diarizationErrorRate, diarizationErrors, labelTurns, parseRttm, sumDerCounts, type DerCounts } from '../local/engines/der.js';
import type { TranscribeOptions, TranscriptionEngine, TranscriptionResult } from '../local/engines/types.js';
import { wavLayout } from '../local/engines/wav-window.js';
import { errorRate, normalizeWords, sumWerCounts, wordErrors, type WerCounts } from '../local/engines/wer.js';
import { measureWordTimes, type TimedTurn, type WordTimeAccuracy } from '../local/engines/word-times.js';
import { FIXTURES_DIR as FIXTURES } from '../test/helpers/shared-data.js';
import type { HostReply } from './lib/engine-host.js';
import { describeMemory, startMemoryTree, type MemoryReport } from './lib/memory-tree.js';
import { attenuate, cut, holdMusic, join, roomSilence, toM4a } from './lib/speech-audio.js';

/** Speaker bound given to the diarizer: generic, not the known count of each file. */
const MAX_SPEAKERS = 10;

interface ItemResult {
  id: string; seconds: number; elapsed: number; wer?: WerCounts; der?: DerCounts; speakers?: number; refSpeakers?: number; times?: WordTimeAccuracy;
  cpwer?: WerCounts; level?: LevellingDecision; words?: number; inaudible?: number;
  /** Words (and inaudible marks) found inside inserted silence or music. */
  wordsInGaps?: number; marksInGaps?: number;
}

const args = process.argv.slice(2);
const only = new Set((valueOf('--only') ?? 'asr,quiet,gaps,diarization,meeting').split(','));
const longMinutes = Number(valueOf('--long-minutes') ?? '120');
/** Attenuations of the quiet section (dB). */
const ATTENUATIONS = (valueOf('--attenuations') ?? '20,30,40').split(',').map(Number);
/** Inserted into the constructed meeting by the gaps section (seconds). */
const SILENCE_SECONDS = 600;
const MUSIC_SECONDS = 300;
const jsonOut = valueOf('--json');
const memoryLog = valueOf('--memory-log');
const match = valueOf('--match');
const runtimes = (valueOf('--engines') ?? 'native,wasm').split(',').map((e) => e.trim()).filter(Boolean);
for (const r of runtimes) if (r !== 'native' && r !== 'wasm') throw new Error(`--engines takes native and/or wasm, got "${r}"`);
const wanted = (id: string) => match === undefined || id.includes(match);

function valueOf(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Seconds of a 16-bit WAV, from its header (the harness never holds a recording's samples). */
function wavSeconds(wav: string): number {
  const fd = openSync(wav, 'r');
  try {
    const layout = wavLayout(fd);
    return layout.frames / layout.sampleRate;
  } finally {
    closeSync(fd);
  }
}

/**
 * The product's engine in a child process (scripts/lib/engine-host.ts), selected from this environment as the local
 * edition selects it; `pid` names the process for the memory figures. Rejects when no engine loads.
 */
async function hostEngine(onStart: (pid: number) => void): Promise<TranscriptionEngine & { pid: number; close(): Promise<void> }> {
  const here = new URL(import.meta.url);
  const entry = new URL(`./lib/engine-host${path.extname(here.pathname)}`, here);
  const child: ChildProcess = fork(entry, [], { execArgv: here.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  onStart(child.pid!);
  const pending = new Map<number, { resolve: (r: TranscriptionResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`The engine process ended (code ${code})`));
      for (const p of pending.values()) p.reject(new Error(`The engine process ended (code ${code})`));
    });
    child.on('message', (reply: HostReply) => {
      if ('ready' in reply) resolve(reply.name);
      else if ('loadError' in reply) reject(new Error(reply.loadError));
      else {
        const job = pending.get(reply.id);
        pending.delete(reply.id);
        if ('result' in reply) job?.resolve(reply.result);
        else job?.reject(new Error(`The engine failed: ${reply.error}`));
      }
    });
  });
  const name = await ready;
  return {
    name,
    pid: child.pid!,
    transcribe: (wav: string, options: TranscribeOptions) => new Promise<TranscriptionResult>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, wav, maxSpeakers: options.maxSpeakers });
    }),
    close: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || !child.connected) { resolve(); return; }
      child.once('exit', () => resolve());
      child.send({ close: true });
    }),
  };
}

/** User + system CPU seconds of this process (all its threads) and of its waited-for children. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // /proc/self/stat fields 16 and 17: cutime and cstime in clock ticks (100 a second on Linux).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // Not Linux: this process only.
  }
  return (own.user + own.system) / 1e6 + children;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; elapsed: number }> {
  const start = performance.now();
  const value = await work();
  return { value, elapsed: (performance.now() - start) / 1000 };
}

/** The product's extraction (16 kHz mono, levelled) of `input` into the work folder. */
async function extracted(work: string, input: string, name: string): Promise<{ wav: string; level: LevellingDecision }> {
  const wav = path.join(work, `${name.replace(/[^\w.-]+/g, '_')}.extracted.wav`);
  return { wav, level: await extractSpeechAudio(input, wav) };
}

/** The asr/ clips, attenuated by `attenuation` dB first when given (id `quiet-<dB>/…`). */
async function evalAsr(engine: TranscriptionEngine, work: string, attenuation = 0): Promise<ItemResult[]> {
  const dir = path.join(FIXTURES, 'asr');
  const results: ItemResult[] = [];
  const prefix = attenuation ? `quiet-${attenuation}dB` : 'asr';
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.wav')).sort()) {
    const id = file.replace(/\.wav$/, '');
    if (!wanted(`asr/${id}`)) continue;
    let source = path.join(dir, file);
    if (attenuation) {
      source = path.join(work, `${id}-${attenuation}dB.wav`);
      await attenuate(path.join(dir, file), source, attenuation);
    }
    const { wav, level } = await extracted(work, source, `${prefix}-${id}`);
    const seconds = wavSeconds(wav);
    const { value, elapsed } = await timed(() => engine.transcribe(wav, { maxSpeakers: 1 }));
    const reference = await readFile(path.join(dir, `${id}.txt`), 'utf8');
    const wer = wordErrors(normalizeWords(reference), normalizeWords(value.words.map((w) => w.text).join(' ')));
    results.push({ id: `${prefix}/${id}`, seconds, elapsed, wer, level, words: value.words.length, inaudible: value.inaudible?.length ?? 0 });
    print(results.at(-1)!);
  }
  return results;
}

interface MeetingTurn { start: number; end: number; text: string; speaker: string }

/** Reference words per speaker (normalised). */
function wordsBySpeaker(turns: readonly MeetingTurn[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const t of turns) by.set(t.speaker, [...(by.get(t.speaker) ?? []), ...normalizeWords(t.text)]);
  return by;
}

/** Hypothesis words per speaker label (normalised), in time order. */
function hypothesisBySpeaker(words: ReadonlyArray<{ text: string; speaker: number; start: number }>): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const w of [...words].sort((a, b) => a.start - b.start)) by.set(String(w.speaker), [...(by.get(String(w.speaker)) ?? []), ...normalizeWords(w.text)]);
  return by;
}

async function readConstructed(): Promise<{ media: string; turns: MeetingTurn[] }> {
  const meta = JSON.parse(await readFile(path.join(FIXTURES, 'meeting', 'meeting_constructed.json'), 'utf8')) as
    { media_file: string; segments: MeetingTurn[] };
  return { media: path.join(FIXTURES, meta.media_file), turns: [...meta.segments].sort((a, b) => a.start - b.start) };
}

/**
 * The constructed meeting as it is, and with SILENCE_SECONDS of room silence after its first third of turns and
 * MUSIC_SECONDS of hold music after its second third (both cut in the pause between two turns). Scores the speech's
 * WER and cpWER, and counts the words found inside the inserted stretches (there should be none).
 */
async function evalGaps(engine: TranscriptionEngine, work: string): Promise<ItemResult[]> {
  const { media, turns } = await readConstructed();
  const { wav: original } = await extracted(work, media, 'gaps-original-source');
  const total = wavSeconds(original);
  const between = (i: number) => (turns[i]!.end + turns[i + 1]!.start) / 2;
  const cut1 = between(Math.floor(turns.length / 3) - 1);
  const cut2 = between(Math.floor((2 * turns.length) / 3) - 1);
  const file = (name: string) => path.join(work, `gaps-${name}.wav`);
  await Promise.all([
    cut(original, file('a'), 0, cut1), cut(original, file('b'), cut1, cut2), cut(original, file('c'), cut2, total),
    roomSilence(file('silence'), SILENCE_SECONDS), holdMusic(file('music'), MUSIC_SECONDS),
  ]);
  await join([file('a'), file('silence'), file('b'), file('music'), file('c')], file('joined'));
  await toM4a(file('joined'), path.join(work, 'gaps-joined.m4a'));
  const gaps = [{ start: cut1, end: cut1 + SILENCE_SECONDS }, { start: cut2 + SILENCE_SECONDS, end: cut2 + SILENCE_SECONDS + MUSIC_SECONDS }];
  const shift = (t: number) => t + (t >= cut1 ? SILENCE_SECONDS : 0) + (t >= cut2 ? MUSIC_SECONDS : 0);
  const shifted = turns.map((t) => ({ ...t, start: shift(t.start), end: shift(t.end) }));
  const results: ItemResult[] = [];
  for (const [id, input, reference] of [
    ['gaps/meeting_constructed (as it is)', media, turns],
    ['gaps/meeting_constructed + 10 min silence + 5 min music', path.join(work, 'gaps-joined.m4a'), shifted],
  ] as const) {
    if (!wanted(id)) continue;
    const { wav, level } = await extracted(work, input, id);
    const seconds = wavSeconds(wav);
    const { value, elapsed } = await timed(() => engine.transcribe(wav, { maxSpeakers: MAX_SPEAKERS }));
    const inGap = (start: number, end: number) =>
      reference === shifted && gaps.some((g) => (start + end) / 2 > g.start + 0.3 && (start + end) / 2 < g.end - 0.3);
    const speech = value.words.filter((w) => !inGap(w.start, w.end));
    const result: ItemResult = {
      id, seconds, elapsed, level, words: value.words.length, inaudible: value.inaudible?.length ?? 0,
      wer: wordErrors(normalizeWords(reference.map((t) => t.text).join(' ')), normalizeWords(speech.map((w) => w.text).join(' '))),
      cpwer: cpWordErrors(wordsBySpeaker(reference), hypothesisBySpeaker(value.words)),
      wordsInGaps: value.words.length - speech.length,
      marksInGaps: (value.inaudible ?? []).filter((s) => inGap(s.start, s.end)).length,
      speakers: value.speakers, refSpeakers: new Set(turns.map((t) => t.speaker)).size,
    };
    if (reference === shifted) {
      const found = value.words.filter((w) => inGap(w.start, w.end)).map((w) => `${w.start.toFixed(1)} ${w.text}`);
      if (found.length) console.log(`  words inside the inserted stretches: ${found.slice(0, 20).join(' | ')}`);
    }
    results.push(result);
    print(result);
  }
  return results;
}

/**
 * A long meeting: the constructed meeting repeated (with 20 s of room silence between copies) to `minutes`, uploaded
 * as m4a, extracted and transcribed; WER of the whole and of its last 5 minutes.
 */
async function evalLong(engine: TranscriptionEngine, work: string, minutes: number): Promise<ItemResult[]> {
  const { media, turns } = await readConstructed();
  const { wav: one } = await extracted(work, media, 'long-source');
  const length = wavSeconds(one);
  await roomSilence(path.join(work, 'long-pause.wav'), 20);
  const copies = Math.ceil((minutes * 60) / (length + 20));
  const list: string[] = [];
  const reference: MeetingTurn[] = [];
  for (let i = 0; i < copies; i++) {
    list.push(one, path.join(work, 'long-pause.wav'));
    for (const t of turns) reference.push({ ...t, start: t.start + i * (length + 20), end: t.end + i * (length + 20) });
  }
  await join(list, path.join(work, 'long.wav'));
  const upload = path.join(work, 'long.m4a');
  await toM4a(path.join(work, 'long.wav'), upload);
  await rm(path.join(work, 'long.wav'), { force: true });
  const id = `long/${minutes} min`;
  const { value: extraction, elapsed: extractSeconds } = await timed(() => extracted(work, upload, 'long'));
  console.log(`  extraction of ${minutes} min: ${extractSeconds.toFixed(1)} s (level ${JSON.stringify(extraction.level)})`);
  const seconds = copies * (length + 20);
  const { value, elapsed } = await timed(() => engine.transcribe(extraction.wav, { maxSpeakers: MAX_SPEAKERS }));
  const tail = seconds - 300;
  const lastRef = reference.filter((t) => t.start >= tail);
  const lastHyp = value.words.filter((w) => (w.start + w.end) / 2 >= tail - 0.5);
  const whole = wordErrors(normalizeWords(reference.map((t) => t.text).join(' ')), normalizeWords(value.words.map((w) => w.text).join(' ')));
  const last = wordErrors(normalizeWords(lastRef.map((t) => t.text).join(' ')), normalizeWords(lastHyp.map((w) => w.text).join(' ')));
  console.log(`  last 5 min: ${lastHyp.length} words, WER ${pct(errorRate(last))} (${last.referenceWords} reference words); `
    + `last word at ${value.words.at(-1)?.end.toFixed(1)} s of ${seconds.toFixed(1)} s`);
  const result: ItemResult = { id, seconds, elapsed, wer: whole, level: extraction.level, words: value.words.length, inaudible: value.inaudible?.length ?? 0 };
  print(result);
  return [result];
}

async function evalDiarization(
  engine: TranscriptionEngine, items: Array<{ id: string; wav: string; rttm: string; text?: string; turns?: Array<TimedTurn & { speaker?: string }> }>,
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const item of items.filter((i) => wanted(i.id))) {
    const seconds = wavSeconds(item.wav);
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
    if (item.turns?.every((t) => t.speaker)) result.cpwer = cpWordErrors(wordsBySpeaker(item.turns as MeetingTurn[]), hypothesisBySpeaker(value.words));
    results.push(result);
    print(result);
  }
  return results;
}

function print(r: ItemResult): void {
  const parts = [r.id.padEnd(44), `${r.seconds.toFixed(1).padStart(6)} s`, `RTF ${(r.elapsed / r.seconds).toFixed(2)}`];
  if (r.wer) parts.push(`WER ${(errorRate(r.wer) * 100).toFixed(1).padStart(5)} % (${r.wer.referenceWords} words)`);
  if (r.der) parts.push(`DER ${(diarizationErrorRate(r.der) * 100).toFixed(1).padStart(5)} % (speakers ${r.speakers}/${r.refSpeakers})`);
  if (r.cpwer) parts.push(`cpWER ${(errorRate(r.cpwer) * 100).toFixed(1).padStart(5)} %`);
  if (r.speakers !== undefined && !r.der) parts.push(`speakers ${r.speakers}/${r.refSpeakers}`);
  if (r.wordsInGaps !== undefined) parts.push(`words in inserted silence/music ${r.wordsInGaps} (inaudible marks there ${r.marksInGaps})`);
  if (r.words !== undefined) parts.push(`${r.words} words${r.inaudible ? `, ${r.inaudible} inaudible marks` : ''}${r.words === 0 ? ' EMPTY' : ''}`);
  if (r.level) parts.push(`level ${r.level.speechDb ?? '—'} dBFS, gain ${r.level.gainDb} dB`);
  if (r.times) {
    parts.push(`word times: ${(r.times.insideShare * 100).toFixed(1)} % of ${r.times.matched} matched words inside their turn (±0.25 s), `
      + `turn boundary error ${r.times.meanBoundaryError.toFixed(2)} s`);
  }
  console.log(parts.join('  '));
}

function sumWer(results: ItemResult[]): WerCounts {
  return sumWerCounts(results.flatMap((r) => (r.wer ? [r.wer] : [])));
}

function sumDer(results: ItemResult[]): DerCounts {
  return sumDerCounts(results.flatMap((r) => (r.der ? [r.der] : [])));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

interface Evaluation { engine: string; sections: Record<string, ItemResult[]>; memory: MemoryReport }

async function evaluate(engine: TranscriptionEngine & { pid: number }, memory: ReturnType<typeof startMemoryTree>): Promise<Evaluation> {
  console.log(`Engine: ${engine.name}; fixtures: ${FIXTURES}; cores: ${os.availableParallelism()}; `
    + `load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const work = await mkdtemp(path.join(os.tmpdir(), 'eval-asr-'));
  const sections: Record<string, ItemResult[]> = {};
  try {
    if (only.has('asr')) sections.asr = await evalAsr(engine, work);
    if (only.has('quiet')) for (const db of ATTENUATIONS) sections[`quiet-${db}dB`] = await evalAsr(engine, work, db);
    if (only.has('gaps')) sections.gaps = await evalGaps(engine, work);
    if (only.has('long')) sections.long = await evalLong(engine, work, longMinutes);
    if (only.has('diarization')) {
      const dir = path.join(FIXTURES, 'diarization');
      const ids = (await readdir(dir)).filter((f) => f.endsWith('.wav')).map((f) => f.replace(/\.wav$/, '')).sort();
      const items = [];
      for (const id of ids.filter((i) => wanted(`diarization/${i}`))) {
        const { wav } = await extracted(work, path.join(dir, `${id}.wav`), `diarization-${id}`);
        items.push({ id: `diarization/${id}`, wav, rttm: path.join(dir, `${id}.rttm`) });
      }
      sections.diarization = await evalDiarization(engine, items);
    }
    if (only.has('meeting')) {
      const dir = path.join(FIXTURES, 'meeting');
      const items = [];
      for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
        const id = file.replace(/\.json$/, '');
        const meta = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as
          { media_file: string; segments: Array<{ start: number; end: number; text: string | null; speaker: string }> };
        const { wav } = await extracted(work, path.join(FIXTURES, meta.media_file), `meeting-${id}`);
        const texts = [...meta.segments].sort((a, b) => a.start - b.start).map((s) => s.text);
        const withText = texts.every((t) => typeof t === 'string');
        const turns = withText
          ? [...meta.segments].sort((a, b) => a.start - b.start).map((s) => ({ start: s.start, end: s.end, text: s.text!, speaker: s.speaker }))
          : undefined;
        items.push({ id: `meeting/${id}`, wav, rttm: path.join(dir, `${id}.rttm`), text: withText ? texts.join(' ') : undefined, turns });
      }
      sections.meeting = await evalDiarization(engine, items);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const report = await memory.stop();
  await engine.close?.();
  const cpu = cpuSeconds();
  printSummary({ engine: engine.name, sections, memory: report });
  console.log(`  CPU time (this process, its threads and ended children): ${cpu.toFixed(0)} s; load average at the end `
    + `${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.availableParallelism()} cores`);
  return { engine: engine.name, sections, memory: report };
}

function printSummary({ engine, sections, memory }: Evaluation): void {
  const all = Object.values(sections).flat();
  console.log(`\nSummary: ${engine}`);
  for (const [name, results] of Object.entries(sections)) {
    const seconds = results.reduce((n, r) => n + r.seconds, 0);
    const elapsed = results.reduce((n, r) => n + r.elapsed, 0);
    const line = [`  ${name.padEnd(12)}`, `${results.length} items, ${(seconds / 60).toFixed(1)} min`, `RTF ${(elapsed / seconds).toFixed(2)}`];
    if (results.some((r) => r.wer)) line.push(`WER ${pct(errorRate(sumWer(results)))}`);
    if (results.some((r) => r.cpwer)) line.push(`cpWER ${pct(errorRate(sumWerCounts(results.flatMap((r) => (r.cpwer ? [r.cpwer] : [])))))}`);
    if (results.some((r) => r.words !== undefined)) line.push(`empty ${results.filter((r) => r.words === 0).length}/${results.length}`);
    if (results.some((r) => r.wordsInGaps !== undefined)) line.push(`words in inserted silence/music ${results.reduce((n, r) => n + (r.wordsInGaps ?? 0), 0)}`);
    if (results.some((r) => r.der)) {
      const counted = results.filter((r) => r.der);
      line.push(`DER ${pct(diarizationErrorRate(sumDer(results)))}`,
        `speakers right ${counted.filter((r) => r.speakers === r.refSpeakers).length}/${counted.length}`);
    }
    console.log(line.join('  '));
  }
  const derItems = all.filter((r) => r.der);
  if (derItems.length) {
    console.log(`  pooled DER (diarization + meeting): ${pct(diarizationErrorRate(sumDer(derItems)))}, `
      + `speakers right in ${derItems.filter((r) => r.speakers === r.refSpeakers).length} of ${derItems.length}`);
  }
  const base = sections.asr ? errorRate(sumWer(sections.asr)) : undefined;
  for (const db of ATTENUATIONS) {
    const quiet = sections[`quiet-${db}dB`];
    if (quiet && base !== undefined) {
      const rate = errorRate(sumWer(quiet));
      console.log(`  attenuated ${db} dB: pooled WER ${pct(rate)} vs ${pct(base)} at the original level (${((rate - base) * 100).toFixed(1)} points), `
        + `empty clips ${quiet.filter((r) => r.words === 0).length}`);
    }
  }
  const ami = all.filter((r) => r.der && /ami|diarization\//.test(r.id));
  if (ami.length) {
    const counts = ami.map((r) => `${r.id.split('/').pop()} ${r.speakers}/${r.refSpeakers}`).join(', ');
    console.log(`  speaker counts on the real AMI audio (reported, not tuned on): ${counts}`);
  }
  for (const line of describeMemory(memory)) console.log(`  ${line}`);
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
  row('peak memory, product', (e) => `${(e.memory.peakProduct / 1024 ** 2).toFixed(0)} MB`);
  row('peak memory, harness', (e) => `${(e.memory.peakHarness / 1024 ** 2).toFixed(0)} MB`);
  row('peak memory, total', (e) => `${(e.memory.peakTotal / 1024 ** 2).toFixed(0)} MB`);
}

async function main() {
  const runs: Array<{ runtime: string } & Evaluation> = [];
  for (const runtime of runtimes) {
    process.env.MEETSCRIBE_WHISPER_RUNTIME = runtime;
    let hostPid: number | undefined;
    // Sampled from before the engine starts, so its loading counts too.
    const timeline = memoryLog && runtimes.length > 1 ? memoryLog.replace(/(\.\w+)?$/, `-${runtime}$1`) : memoryLog;
    const memory = startMemoryTree(() => hostPid, { timeline });
    const engine = await hostEngine((pid) => { hostPid = pid; });
    if (engine.name === 'none') {
      await engine.close();
      throw new Error('No engine available (see the message above)');
    }
    runs.push({ runtime, ...(await evaluate(engine, memory)) });
    // The runtime only matters to the Whisper engine from npm.
    if (!engine.name.startsWith('whisper tiny.en')) break;
  }
  if (runs.length > 1) printComparison(runs);
  if (jsonOut) {
    const json = runs.map((r) => ({ runtime: r.runtime, engine: r.engine, sections: r.sections, memory: r.memory }));
    await writeFile(jsonOut, JSON.stringify(json, null, 2));
  }
}

await main();
