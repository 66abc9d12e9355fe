/** A recording of any length built from the shared meeting fixtures' sound (for the pipeline benches). */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probeMedia } from '../../functions/adapters/media/ffmpeg.js';
import { FIXTURES_DIR as FIXTURES } from '../../test/helpers/shared-data.js';

const require = createRequire(import.meta.url);
const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const SOURCES = ['meeting/meeting_ami.m4a', 'meeting/meeting_constructed.mp4'];

export function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}: ${err}`))));
  });
}

/** The fixtures' sound, alternated until `seconds` long, as one AAC m4a (what a user uploads) named `name`.m4a in `dir`. */
export async function buildFixtureRecording(dir: string, seconds: number, name = 'bench-recording'): Promise<string> {
  const parts: Array<{ file: string; seconds: number }> = [];
  for (const [i, source] of SOURCES.entries()) {
    const file = path.join(dir, `part${i}.wav`);
    await ffmpeg(['-i', path.join(FIXTURES, source), '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', file]);
    parts.push({ file, seconds: Number((await probeMedia(file)).format?.duration) });
  }
  const lines: string[] = [];
  for (let total = 0, i = 0; total < seconds; i++) {
    const part = parts[i % parts.length]!;
    lines.push(`file '${part.file}'`);
    total += part.seconds;
  }
  const list = path.join(dir, 'list.txt');
  await writeFile(list, `${lines.join('\n')}\n`);
  const out = path.join(dir, `${name}.m4a`);
  await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-t', String(seconds), '-c:a', 'aac', '-b:a', '64k', out]);
  return out;
}
