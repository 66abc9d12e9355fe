/**
 * The first seconds of a recorded fixture (../shared/fixtures/meeting), for tests that need a real recording to go
 * through the pipeline but assert nothing that depends on its full length: the speech engine transcribes every second
 * it is given, and on CI's busy 2-core machine the seconds of audio decide how long a suite runs.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../../local/engines/audio.js';
import { FIXTURES_DIR } from './shared-data.js';

/**
 * Copies the first `seconds` of `meeting/<name>` (stream copy: no re-encoding, same codecs and container) to
 * `<dir>/<stem>-<seconds>s.<ext>` (`dir` is created if missing) and returns that path. The clip keeps the fixture's extension, since uploads are
 * judged by it.
 */
export async function fixtureClip(name: string, seconds: number, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const ext = path.extname(name);
  const output = path.join(dir, `${path.basename(name, ext)}-${seconds}s${ext}`);
  const input = path.join(FIXTURES_DIR, 'meeting', name);
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-t', String(seconds), '-c', 'copy', output], (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg could not cut ${seconds} s of ${name}: ${stderr || error.message}`));
      else resolve(output);
    });
  });
}
