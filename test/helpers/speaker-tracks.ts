/**
 * A scripted meeting spoken with espeak-ng as each participant's own track (issue 30): every track holds its
 * person's lines at the times they say them and silence elsewhere, as Zoom's per-participant audio does.
 * Answers the tracks, their mix (`mix.m4a`) and the true turns (who spoke from when to when), built at test time in `dir`.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../../local/engines/audio.js';
import { ESPEAK_PATH } from './speech-fixture.js';

export interface Voice { readonly name: string; readonly voice: string; readonly pitch?: number }
export interface TrueTurn { readonly name: string; readonly start: number; readonly end: number }

function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited ${code}: ${stderr.trim().slice(-300)}`))));
  });
}

/** Seconds of a PCM WAV espeak-ng wrote (its data chunk over the byte rate). */
async function wavSeconds(file: string): Promise<number> {
  const bytes = await readFile(file);
  const byteRate = bytes.readUInt32LE(28);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (bytes.toString('ascii', at, at + 4) === 'data') return Math.min(size, bytes.length - at - 8) / byteRate;
    at += 8 + size;
  }
  return 0;
}

/**
 * Speaks `lines` ([speaker index, text]) and writes one 16 kHz track per voice (`track-{i}.wav`), `pause` seconds
 * between lines. Throws when espeak-ng is missing.
 */
export async function synthesizeTracks(dir: string, voices: readonly Voice[], lines: ReadonlyArray<readonly [number, string]>, pause = 0.6):
Promise<{ tracks: string[]; turns: TrueTurn[]; mix: string }> {
  const clips: { speaker: number; file: string; seconds: number }[] = [];
  for (const [i, [speaker, text]] of lines.entries()) {
    const file = path.join(dir, `line-${i}.wav`);
    const v = voices[speaker]!;
    await run(ESPEAK_PATH, ['-v', v.voice, '-s', '150', '-p', String(v.pitch ?? 50), '-w', file, text]);
    clips.push({ speaker, file, seconds: await wavSeconds(file) });
  }
  const turns: TrueTurn[] = [];
  let t = 0;
  for (const c of clips) {
    turns.push({ name: voices[c.speaker]!.name, start: t, end: t + c.seconds });
    t += c.seconds + pause;
  }
  const tracks: string[] = [];
  for (const [v] of voices.entries()) {
    const own = clips.map((c, i) => ({ ...c, i })).filter((c) => c.speaker === v);
    const filters = own.map((c, k) => `[${k}:a]aresample=16000,adelay=${Math.round(turns[c.i]!.start * 1000)}[d${k}]`);
    const track = path.join(dir, `track-${v}.wav`);
    const mix = own.length === 1 ? '[d0]anull[out]' : `${own.map((_, k) => `[d${k}]`).join('')}amix=inputs=${own.length}:duration=longest:dropout_transition=0,volume=${own.length}[out]`;
    await run(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...own.flatMap((c) => ['-i', c.file]),
      '-filter_complex', [...filters, mix].join(';'), '-map', '[out]', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-t', String(t), track]);
    tracks.push(track);
  }
  const mix = path.join(dir, 'mix.m4a');
  await run(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', ...tracks.flatMap((f) => ['-i', f]),
    '-filter_complex', `${tracks.map((_, i) => `[${i}:a]`).join('')}amix=inputs=${tracks.length}:duration=longest:dropout_transition=0,volume=${tracks.length}[out]`,
    '-map', '[out]', '-c:a', 'aac', '-b:a', '96k', mix]);
  return { tracks, turns, mix };
}
