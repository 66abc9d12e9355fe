/**
 * The native Whisper path on the real carried graph: rewritten once and cached under its own SHA-256 (native-graph.ts),
 * run on onnxruntime-node in a child process (native-child.ts through native-process.ts), on a real fixture clip; jest's
 * own process never loads onnxruntime-node, and a process killed mid-piece fails that piece only and is replaced.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readWav } from '../../../local/engines/audio.js';
import { errorRate, normalizeWords, wordErrors } from '../../../local/engines/wer.js';
import { locateCarriedModel, WHISPER_TINY_EN } from '../../../local/engines/whisper/carrier.js';
import { prepareNativeGraph } from '../../../local/engines/whisper/native-graph.js';
import { NativeWhisperCrash, startNativeWhisperPool } from '../../../local/engines/whisper/native-process.js';
import type { WhisperPool } from '../../../local/engines/whisper/pool.js';
import { FIXTURES_DIR } from '../../helpers/shared-data.js';

/** Pids of the processes whose parent is `pid` (Linux /proc). */
async function childPids(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(tasks.map((t) => readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '')));
  return lists.join(' ').split(/\s+/).filter(Boolean).map(Number);
}

let dir: string;
let source: string;
let pool: WhisperPool | undefined;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'whisper-native-'));
  const carried = await locateCarriedModel(WHISPER_TINY_EN);
  if (!('file' in carried)) throw new Error(`npm install first: ${carried.problem}`);
  source = carried.file;
});
afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the native Whisper graph', () => {
  it('is rewritten once and then found in the cache', async () => {
    const first = await prepareNativeGraph(source, WHISPER_TINY_EN.sha256, dir);
    const manifest = JSON.parse(await readFile(path.join(path.dirname(first.modelFile), 'manifest.json'), 'utf8')) as { source: string; model: string };
    expect(manifest.source).toBe(WHISPER_TINY_EN.sha256);
    expect(first.tables.idVocab.split('\n')).toHaveLength(50257);

    const again = await prepareNativeGraph('/nonexistent/source.onnx', WHISPER_TINY_EN.sha256, dir);
    expect(again).toEqual(first);
  }, 180_000);

  it('transcribes a real clip on onnxruntime-node with timed segments inside the clip', async () => {
    const graph = await prepareNativeGraph(source, WHISPER_TINY_EN.sha256, dir);
    pool = await startNativeWhisperPool(graph.modelFile, graph.tables, 1, { threads: 1 });
    const { samples } = await readWav(path.join(FIXTURES_DIR, 'asr', 'jfk.wav'));
    const heard = await pool.recognize(samples);
    const reference = normalizeWords(await readFile(path.join(FIXTURES_DIR, 'asr', 'jfk.txt'), 'utf8'));
    expect(errorRate(wordErrors(reference, normalizeWords(heard.text)))).toBeLessThanOrEqual(0.1);
    expect(heard.text).toMatch(/^And so,? my fellow Americans/);
    const segments = heard.segments!;
    expect(segments.map((s) => s.text).join(' ')).toBe(heard.text);
    expect(segments[0]!.start).toBeLessThan(1);
    // The clip's speech ends at about 10.5 s of its 11.0 s.
    expect(segments.at(-1)!.end).toBeGreaterThan(9.5);
    expect(segments.at(-1)!.end).toBeLessThanOrEqual(samples.length / 16_000);

    // onnxruntime-node ran in the child only, never beside sherpa-onnx in this process.
    expect(await readFile('/proc/self/maps', 'utf8')).not.toContain('libonnxruntime.so.1');

    // The lazy pool ends its processes when idle and starts new ones later.
    await pool.close();
    pool = await startNativeWhisperPool(graph.modelFile, graph.tables, 1, { threads: 1 });
    expect((await pool.recognize(samples.subarray(0, 16_000 * 3))).text).toMatch(/^And so/);
  }, 240_000);

  it('fails only the piece whose process dies (NativeWhisperCrash), starts a new process and goes on', async () => {
    const graph = await prepareNativeGraph(source, WHISPER_TINY_EN.sha256, dir);
    await pool?.close();
    const others = new Set(await childPids(process.pid));
    const children = async () => (await childPids(process.pid)).filter((pid) => !others.has(pid));
    pool = await startNativeWhisperPool(graph.modelFile, graph.tables, 1, { threads: 1 });
    const { samples } = await readWav(path.join(FIXTURES_DIR, 'asr', 'jfk.wav'));
    const [victim, ...more] = await children();
    expect(more).toEqual([]);
    const piece = pool.recognize(samples);
    process.kill(victim!, 'SIGKILL');
    await expect(piece).rejects.toBeInstanceOf(NativeWhisperCrash);
    expect((await pool.recognize(samples.subarray(0, 16_000 * 3))).text).toMatch(/^And so/);
    const after = await children();
    expect(after).toHaveLength(1);
    expect(after).not.toContain(victim);
  }, 240_000);

  it('is not taken from the cache once the cached file no longer matches its hash (it is rewritten from the source)', async () => {
    const cached = await prepareNativeGraph(source, WHISPER_TINY_EN.sha256, dir);
    await writeFile(cached.modelFile, 'damaged');
    await expect(prepareNativeGraph('/nonexistent/source.onnx', WHISPER_TINY_EN.sha256, dir)).rejects.toThrow('ENOENT');
  }, 180_000);
});
