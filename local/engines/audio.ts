import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { wavLayoutOf } from './wav-window.js';

const require = createRequire(import.meta.url);

export const SAMPLE_RATE = 16_000;

/** Path of the ffmpeg binary shipped in `@ffmpeg-installer/ffmpeg`. */
export function ffmpegPath(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Mono 16 kHz audio as floats in [-1, 1]. */
export interface Audio { samples: Float32Array; sampleRate: number }

/**
 * Converts any media file ffmpeg can read into a 16 kHz mono 16-bit PCM WAV.
 * Throws an Error naming the reason (ffmpeg's last lines) when the input has no decodable audio.
 */
export async function convertToWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
  const args = ['-hide_banner', '-nostdin', '-y', '-i', input, '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-acodec', 'pcm_s16le', '-f', 'wav', output];
  const { code, stderr } = await run(ffmpegPath(), args, { signal });
  if (code !== 0) {
    const tail = stderr.trim().split('\n').slice(-2).join(' ').trim();
    throw new Error(`The media file has no audio that could be decoded (${tail || `ffmpeg exit ${code}`})`);
  }
  const audio = await readWav(output);
  if (audio.samples.length === 0) throw new Error('The media file has no audio samples');
}

/** Reads a 16-bit PCM WAV (mono, or the first channel). Throws on other formats. */
export async function readWav(path: string): Promise<Audio> {
  return parseWav(await readFile(path));
}

/** Parses a 16-bit PCM WAV buffer (mono, or the first channel). Throws on other formats. */
export function parseWav(buf: Buffer): Audio {
  const { sampleRate, channels, dataOffset, frames } = wavLayoutOf(buf, buf.length);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) samples[i] = buf.readInt16LE(dataOffset + i * 2 * channels) / 32768;
  return { samples, sampleRate };
}

/** Writes mono floats as a 16-bit PCM WAV. */
export async function writeWav(path: string, audio: Audio): Promise<void> {
  const n = audio.samples.length;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(audio.sampleRate, 24);
  buf.writeUInt32LE(audio.sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    const v = Math.max(-1, Math.min(1, audio.samples[i]!));
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  await writeFile(path, buf);
}

/** Removes the DC offset and scales the peak to `peak` of full scale (silence is left alone). */
export function peakNormalize(samples: Float32Array, peak = 0.7): Float32Array {
  let mean = 0;
  for (const s of samples) mean += s;
  mean /= samples.length || 1;
  let max = 0;
  for (const s of samples) max = Math.max(max, Math.abs(s - mean));
  const gain = max > 1e-4 ? peak / max : 1;
  return samples.map((s) => (s - mean) * gain);
}

/** Runs a program to completion, collecting stdout and stderr. Rejects only if it cannot start. */
export function run(program: string, args: string[], options: { cwd?: string; signal?: AbortSignal } = {}): Promise<{ code: number; stdout: string;
  stderr: string }> {
  return new Promise((resolve, reject) => {
    // With a signal, aborting kills the process and rejects with an AbortError.
    const child = spawn(program, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}
