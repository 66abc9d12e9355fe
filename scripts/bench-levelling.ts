/**
 * What levelling costs in audio extraction (issue 31): builds an N-minute upload (m4a) from the fixtures, at its own
 * level and attenuated by 30 dB, and times the extraction before levelling (one ffmpeg pass, the command ExtractAudio
 * ran until issue 31) against the product's levelled extraction (ffmpeg, the level measured in chunks, and for a quiet
 * recording a second ffmpeg pass with gain and limiter). Prints wall and CPU time (this process and its ffmpeg
 * children), the peak resident memory of this process (the measuring is in it) and the machine's load.
 * Usage: npm run bench:levelling [-- --minutes 60]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { extractSpeechAudio } from '../functions/adapters/media/ffmpeg.js';
import { FIXTURES_DIR as FIXTURES } from '../test/helpers/shared-data.js';
import { ffmpeg, join, toM4a } from './lib/speech-audio.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '60' } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');

/** CPU seconds of this process and of its ended children (/proc/self/stat cutime + cstime). */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (own.user + own.system) / 1e6 + (Number(fields[13]) + Number(fields[14])) / 100;
}

async function measure(name: string, work: () => Promise<unknown>): Promise<void> {
  const wall = performance.now();
  const cpu = cpuSeconds();
  const result = await work();
  const wallSeconds = ((performance.now() - wall) / 1000).toFixed(1).padStart(6);
  console.log(`${name.padEnd(44)} wall ${wallSeconds} s  CPU ${(cpuSeconds() - cpu).toFixed(1).padStart(6)} s${result ? `  ${JSON.stringify(result)}` : ''}`);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-levelling-'));
try {
  const one = path.join(dir, 'one.wav');
  await ffmpeg(['-i', path.join(FIXTURES, 'meeting', 'meeting_constructed.mp4'), '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', one]);
  const copies = Math.ceil((minutes * 60) / 148);
  await join(Array.from({ length: copies }, () => one), path.join(dir, 'long.wav'));
  await ffmpeg(['-i', path.join(dir, 'long.wav'), '-t', String(minutes * 60), '-c:a', 'pcm_s16le', path.join(dir, 'cut.wav')]);
  await toM4a(path.join(dir, 'cut.wav'), path.join(dir, 'normal.m4a'));
  await ffmpeg(['-i', path.join(dir, 'cut.wav'), '-af', 'volume=-30dB', '-c:a', 'aac', '-b:a', '64k', path.join(dir, 'quiet.m4a')]);
  await rm(path.join(dir, 'long.wav'));
  await rm(path.join(dir, 'cut.wav'));
  console.log(`${minutes}-minute m4a uploads built; ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
  for (const upload of ['normal', 'quiet']) {
    const input = path.join(dir, `${upload}.m4a`);
    await measure(`${upload}: extraction before levelling`,
      () => ffmpeg(['-i', input, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', path.join(dir, 'plain.wav')]));
    await measure(`${upload}: levelled extraction (the product's)`, () => extractSpeechAudio(input, path.join(dir, 'levelled.wav')));
  }
  console.log(`peak resident memory of this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; ` +
    `load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
