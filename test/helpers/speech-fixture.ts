/**
 * Builds a short meeting recording at test time with real speech synthesis (Debian espeak-ng), for tests
 * that need speech the fixture meetings do not contain (commitments and requests that become action items).
 */
import { spawn } from 'node:child_process';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../../local/engines/audio.js';

export const ESPEAK_PATH = process.env.ESPEAK_PATH ?? '/usr/bin/espeak-ng';

/** One line of the meeting: an espeak-ng voice (e.g. `en-us+klatt`), the text, the silence after it. */
export interface SpokenLine {
  readonly voice: string;
  readonly text: string;
  /** Seconds of silence after the line. @default 1.2 */
  readonly pauseAfter?: number;
  /** Words per minute. @default 120 */
  readonly speed?: number;
  /** espeak-ng pitch 0..99 (a second speaker the diarizer can tell apart). @default 50 */
  readonly pitch?: number;
}

function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

/**
 * Speaks `lines` with espeak-ng and joins them, each followed by its pause, into an AAC `.m4a` at
 * `output` (ffmpeg of @ffmpeg-installer/ffmpeg). Returns `output`.
 * Throws when espeak-ng is not installed (apt-get install espeak-ng) or a tool fails.
 */
export async function synthesizeMeeting(lines: readonly SpokenLine[], output: string): Promise<string> {
  await access(ESPEAK_PATH).catch(() => {
    throw new Error(`espeak-ng not found at ${ESPEAK_PATH} (apt-get install espeak-ng, or set ESPEAK_PATH).`);
  });
  if (lines.length === 0) throw new Error('synthesizeMeeting needs at least one line');
  const dir = path.dirname(output);
  const parts: string[] = [];
  for (const [i, line] of lines.entries()) {
    const wav = path.join(dir, `line-${i}.wav`);
    await run(ESPEAK_PATH, ['-v', line.voice, '-s', String(line.speed ?? 120), '-p', String(line.pitch ?? 50), '-w', wav, line.text]);
    parts.push(wav);
  }
  // espeak-ng writes 22.05 kHz mono; each part is resampled to 16 kHz, padded with its pause in samples (the
  // bundled ffmpeg 4 has no pad_dur), then all are concatenated.
  const filters = lines.map((line, i) => `[${i}:a]aresample=16000,apad=pad_len=${Math.round((line.pauseAfter ?? 1.2) * 16_000)}[a${i}]`);
  const concat = `${lines.map((_, i) => `[a${i}]`).join('')}concat=n=${lines.length}:v=0:a=1[out]`;
  await run(ffmpegPath(), [
    '-hide_banner', '-nostdin', '-y', ...parts.flatMap((p) => ['-i', p]),
    '-filter_complex', [...filters, concat].join(';'), '-map', '[out]', '-c:a', 'aac', '-b:a', '96k', output,
  ]);
  return output;
}
