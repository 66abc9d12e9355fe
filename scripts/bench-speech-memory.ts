/**
 * Peak memory of the speech-finding (Silero VAD) and diarizer stages on long recordings, Whisper's decoding left out
 * (eval:asr --only long measures the whole engine): the constructed meeting repeated to each length, then each mode
 * of scripts/lib/speech-memory-stages.ts in a fresh process, printing each stage's peak resident memory (worker
 * threads included) and whether both modes found the same speech and the same speaker turns.
 *
 *   npm run bench:speech-memory -- [--minutes 30,60] [--modes samples,file]
 *
 * `samples`: the whole recording as float32 as the Whisper engine reads it today, the VAD over a shared copy, the
 * diarizer handed the samples. `file`: the VAD and the diarizer read the WAV in 60 s windows.
 */
import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractSpeechAudio } from '../functions/adapters/media/ffmpeg.js';
import { wavLayout } from '../local/engines/wav-window.js';
import { locateCarriedModel, SILERO_VAD_NPM } from '../local/engines/whisper/carrier.js';
import { FIXTURES_DIR } from '../test/helpers/shared-data.js';
import { join, roomSilence } from './lib/speech-audio.js';

const args = process.argv.slice(2);
const valueOf = (flag: string) => { const i = args.indexOf(flag); return i >= 0 ? args[i + 1] : undefined; };
const minutesList = (valueOf('--minutes') ?? '30,60').split(',').map(Number);
const modes = (valueOf('--modes') ?? 'samples,file').split(',');

interface StageLine { stage: string; seconds: number; peakMb: number; result: unknown }

function runStages(mode: string, wav: string, model: string): Promise<StageLine[]> {
  const here = new URL(import.meta.url);
  const entry = new URL(`./lib/speech-memory-stages${path.extname(here.pathname)}`, here);
  const execArgv = ['--expose-gc', ...(here.pathname.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [])];
  const child = fork(entry, [mode, wav, model], { execArgv, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  return new Promise((resolve, reject) => child.once('exit', (code) => {
    if (code !== 0) { reject(new Error(`${mode} stages ended with code ${code}`)); return; }
    resolve(out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as StageLine));
  }));
}

async function main() {
  const found = await locateCarriedModel(SILERO_VAD_NPM);
  if ('problem' in found) throw new Error(found.problem);
  const meta = JSON.parse(await readFile(path.join(FIXTURES_DIR, 'meeting', 'meeting_constructed.json'), 'utf8')) as { media_file: string };
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-speech-memory-'));
  console.log(`cores ${os.availableParallelism()}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  try {
    const one = path.join(work, 'one.wav');
    await extractSpeechAudio(path.join(FIXTURES_DIR, meta.media_file), one);
    await roomSilence(path.join(work, 'pause.wav'), 20);
    const fd = openSync(one, 'r');
    const { frames, sampleRate } = wavLayout(fd);
    closeSync(fd);
    for (const minutes of minutesList) {
      // Copies of the meeting with 20 s pauses, up to the length asked for.
      const long = path.join(work, `long-${minutes}.wav`);
      const copies = Math.max(1, Math.round((minutes * 60) / (frames / sampleRate + 20)));
      await join(Array.from({ length: copies }, () => [one, path.join(work, 'pause.wav')]).flat(), long);
      const results = new Map<string, StageLine[]>();
      for (const mode of modes) {
        const lines = await runStages(mode, long, found.file);
        results.set(mode, lines);
        const head = `${String(minutes).padStart(4)} min  ${mode.padEnd(8)}`;
        for (const l of lines) console.log(`${head} ${l.stage.padEnd(28)} peak ${l.peakMb.toFixed(0).padStart(5)} MB  ${l.seconds.toFixed(1).padStart(6)} s  `
          + JSON.stringify(l.result));
        console.log(`${String(minutes).padStart(4)} min  ${mode.padEnd(8)} peak of all stages ${Math.max(...lines.map((l) => l.peakMb)).toFixed(0)} MB`);
      }
      const digests = [...results.values()].map((lines) => JSON.stringify(lines.filter((l) => l.stage !== 'read the recording').map((l) => l.result)));
      const same = digests.every((d) => d === digests[0]) ? 'yes' : 'NO';
      if (digests.length > 1) console.log(`${String(minutes).padStart(4)} min  same speech regions and speaker turns in every mode: ${same}`);
      await rm(long, { force: true });
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

await main();
