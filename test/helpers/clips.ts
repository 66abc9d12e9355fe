/**
 * The first seconds of a recorded fixture (../shared/fixtures/meeting), for tests that need a real recording to go
 * through the pipeline but assert nothing that depends on its full length: the speech engine transcribes every second
 * it is given, and on CI's busy 2-core machine the seconds of audio decide how long a suite runs.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath, run } from '../../local/engines/audio.js';
import { FIXTURES_DIR } from './shared-data.js';

/**
 * Writes the first `seconds` of `meeting/<name>` to `<dir>/<name>` (`dir` is created if missing) and returns that
 * path: the sound as it is (stream copy), the picture, if any, re-encoded with H.264 (a stream copy ends on the
 * fixture's B-frame group: 22 s of video for 20 s asked). The clip keeps the fixture's file name: uploads are judged
 * by its extension, and a meeting uploaded from a browser is named after it.
 */
export async function fixtureClip(name: string, seconds: number, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const output = path.join(dir, name);
  const input = path.join(FIXTURES_DIR, 'meeting', name);
  const { code, stderr } = await run(ffmpegPath(), [
    '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-t', String(seconds),
    '-c:a', 'copy', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18', '-pix_fmt', 'yuv420p', output,
  ]);
  if (code !== 0) throw new Error(`ffmpeg could not cut ${seconds} s of ${name}: ${stderr}`);
  return output;
}
