/**
 * The Whisper engine's speech-finding stage alone, before and after issue 36's fourth session: sherpa-onnx's two Silero
 * passes (thresholds 0.5 and 0.8) in two worker threads, against one Silero pass in a child process on onnxruntime-node
 * with both thresholds' regions segmented from its probabilities (whisper/speech-finder.ts). The recording is the
 * constructed meeting and the AMI meeting, levelled as ExtractAudio levels them, repeated with 20 s pauses to each
 * length. Prints wall and CPU time (this process and its children), peak resident memory of the tree, when the first
 * regions were handed over, and whether both ways found the same regions.
 *
 *   npm run bench:silero [-- --minutes 10,60]
 */
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractSpeechAudio } from '../functions/adapters/media/ffmpeg.js';
import { wavLayout } from '../local/engines/wav-window.js';
import { locateCarriedModel, SILERO_VAD_NPM } from '../local/engines/whisper/carrier.js';
import { findSpeech } from '../local/engines/whisper/speech-finder.js';
import { detectSpeechInWorkers } from '../local/engines/whisper/vad-in-worker.js';
import { FIXTURES_DIR } from '../test/helpers/shared-data.js';
import { startPeakMemory, treeUsage } from './proc-usage.js';
import { join, roomSilence } from './lib/speech-audio.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const minutesList = values.minutes.split(',').map(Number);

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number; peakMb: number }> {
  const before = await treeUsage();
  const memory = startPeakMemory();
  const started = performance.now();
  const result = await work();
  const wall = (performance.now() - started) / 1000;
  const cpu = (await treeUsage()).cpuSeconds - before.cpuSeconds;
  return { result, wall, cpu, peakMb: memory.stop() / 2 ** 20 };
}

const found = await locateCarriedModel(SILERO_VAD_NPM);
if ('problem' in found) throw new Error(found.problem);
const work = await mkdtemp(path.join(os.tmpdir(), 'bench-silero-'));
console.log(`cores ${os.availableParallelism()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
try {
  const parts: string[] = [];
  for (const id of ['meeting_constructed', 'meeting_ami']) {
    const meta = JSON.parse(await readFile(path.join(FIXTURES_DIR, 'meeting', `${id}.json`), 'utf8')) as { media_file: string };
    const out = path.join(work, `${id}.wav`);
    await extractSpeechAudio(path.join(FIXTURES_DIR, meta.media_file), out);
    parts.push(out);
  }
  await roomSilence(path.join(work, 'pause.wav'), 20);
  const seconds = (file: string) => { const fd = openSync(file, 'r'); const l = wavLayout(fd); closeSync(fd); return l.frames / l.sampleRate; };
  const round = parts.reduce((sum, p) => sum + seconds(p) + 20, 0);
  for (const minutes of minutesList) {
    const wav = path.join(work, `long-${minutes}.wav`);
    const copies = Math.max(1, Math.round((minutes * 60) / round));
    await join(Array.from({ length: copies }, () => parts.flatMap((p) => [p, path.join(work, 'pause.wav')])).flat(), wav);
    const two = await measure(() => detectSpeechInWorkers({ wavPath: wav }, found.file, [0.5, 0.8], { maxSpeechSeconds: 28 }));
    let first: number | undefined;
    const started = performance.now();
    const one = await measure(() => findSpeech({ wavPath: wav }, found.file, {
      thresholds: [0.5, 0.8], maxSpeechSeconds: 28, log: (m, e) => console.log(m, e),
      onRegions: () => { first ??= (performance.now() - started) / 1000; },
    }));
    const same = JSON.stringify(two.result) === JSON.stringify([one.result.regions, one.result.confident]);
    const line = (name: string, r: { wall: number; cpu: number; peakMb: number }) => `${String(minutes).padStart(4)} min  ${name.padEnd(44)} `
      + `wall ${r.wall.toFixed(1).padStart(6)} s  CPU ${r.cpu.toFixed(1).padStart(6)} s  peak ${r.peakMb.toFixed(0).padStart(5)} MB`;
    console.log(line('sherpa-onnx, two passes in worker threads', two));
    console.log(`${line('one pass in a child process, both thresholds', one)}  first regions after ${first?.toFixed(1) ?? '—'} s`);
    console.log(`${String(minutes).padStart(4)} min  regions: ${one.result.regions.length} (0.5), ${one.result.confident.length} (0.8); the same both ways: `
      + `${same ? 'yes' : 'NO'}`);
    await rm(wav, { force: true });
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
