/**
 * Generated audio for the speech evaluations (eval:asr): fixtures attenuated, room silence, synthetic hold music,
 * cuts and joins — always written to a temp folder, never committed. 16 kHz mono 16-bit WAV throughout.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from '../../local/engines/audio.js';

const WAV = ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav'];

export function ffmpeg(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}: ${err}`))));
  });
}

/**
 * `input` made `db` decibels quieter, as 32-bit float: rounding to 16 bits would add a loss the quiet source never
 * had (a FLEURS clip at −66 dBFS, 40 dB down, is under the 16-bit floor and would become digital silence). Uploads
 * are AAC, which keeps quiet sound at full precision in the same way.
 */
export const attenuate = (input: string, output: string, db: number) =>
  ffmpeg(['-i', input, '-af', `volume=-${db}dB`, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_f32le', '-f', 'wav', output]);

/** A quiet room: pink noise at about −60 dBFS (a muted microphone or an empty room, not digital zero). */
export const roomSilence = (output: string, seconds: number) =>
  ffmpeg(['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.002:seed=7:sample_rate=16000:duration=${seconds}`, ...WAV, output]);

/**
 * Hold music made of sines: a four-chord progression (I–vi–IV–V in C, a chord every 2 s) with a plucked envelope on
 * every beat and a bass note, at about −20 dBFS — the level of the speech around it.
 */
export function holdMusic(output: string, seconds: number): Promise<void> {
  // Root frequencies of each chord's triad (Hz), chosen by the bar index floor(t/2) mod 4.
  const chord = (c: number, am: number, f: number, g: number) =>
    `if(eq(mod(floor(t/2),4),0),${c},if(eq(mod(floor(t/2),4),1),${am},if(eq(mod(floor(t/2),4),2),${f},${g})))`;
  const notes = [chord(261.63, 220, 174.61, 196), chord(329.63, 261.63, 220, 246.94), chord(392, 329.63, 261.63, 293.66)];
  const envelope = 'exp(-3*mod(t,0.5))';
  const voices = notes.map((f) => `0.09*sin(2*PI*${f}*t)`).join('+');
  const bass = `0.08*sin(2*PI*(${notes[0]})/2*t)`;
  // Commas inside a filter's expression are escaped: unescaped, they separate filters.
  const expression = `(${voices})*${envelope}+${bass}`.replace(/,/g, '\\,');
  return ffmpeg(['-f', 'lavfi', '-i', `aevalsrc=${expression}:s=16000:d=${seconds}`, ...WAV, output]);
}

/** [start, end) seconds of `input`. */
export const cut = (input: string, output: string, start: number, end: number) =>
  ffmpeg(['-i', input, '-ss', start.toFixed(3), '-to', end.toFixed(3), ...WAV, output]);

/** The WAVs one after the other. */
export async function join(inputs: readonly string[], output: string): Promise<void> {
  const list = `${output}.list.txt`;
  await writeFile(list, inputs.map((f) => `file '${path.resolve(f)}'`).join('\n') + '\n');
  await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, ...WAV, output]);
}

/** The WAV as AAC in an m4a, as a user uploads it. */
export const toM4a = (input: string, output: string) => ffmpeg(['-i', input, '-c:a', 'aac', '-b:a', '64k', output]);
