import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ProbeReport } from '../../core/pipeline/media-probe.js';
import { decideLevelling, LIMIT, type LevellingDecision } from '../../core/pipeline/levelling.js';
import { readOptionalConfig } from '../../config.js';
import { measureFrameLevels } from './levels.js';

const require = createRequire(import.meta.url);
// The binaries ship inside these packages (no download at install time, unlike ffmpeg-static).
// In Lambda they come from a layer named by FFMPEG_PATH / FFPROBE_PATH.
const tools = readOptionalConfig(['FFMPEG_PATH', 'FFPROBE_PATH']);
const FFMPEG = tools.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const FFPROBE = tools.FFPROBE_PATH ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;

/** ffmpeg/ffprobe could not read the input at all (not media, or truncated). */
export class UnreadableMedia extends Error {
  readonly name = 'UnreadableMedia';
}

/** ffmpeg/ffprobe failed for a reason other than the input (missing binary, killed, out of space). */
export class MediaToolFailed extends Error {
  readonly name = 'MediaToolFailed';
}

const INPUT_PROBLEM = /Invalid data found|could not find codec parameters|moov atom not found|End of file|Invalid argument|no such file|does not contain any stream|Output file #0 does not contain any stream|matches no streams/i;

interface ToolOutput { readonly stdout: string; readonly stderr: string }

/**
 * The one runner of the media tools: runs `binary` with a time limit (SIGKILL after `timeoutMs`), answers its
 * output (stderr whole with `fullStderr`, else its last 4,000 characters). Throws UnreadableMedia when the
 * input is the problem, MediaToolFailed otherwise (presigned links are masked in messages).
 */
function run(binary: string, args: readonly string[], timeoutMs: number, fullStderr = false): Promise<ToolOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => { err = fullStderr ? err + chunk.toString() : (err + chunk.toString()).slice(-4000); });
    child.on('error', (error) => { clearTimeout(timer); reject(new MediaToolFailed(`${binary}: ${error.message}`)); });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr: err });
      const detail = err.trim().split('\n').slice(-3).join(' ').replace(/https?:\/\/\S+/g, '<input>');
      if (signal) return reject(new MediaToolFailed(`${binary.split('/').pop()} was stopped (${signal}) after ${timeoutMs} ms`));
      reject(INPUT_PROBLEM.test(err) ? new UnreadableMedia(detail) : new MediaToolFailed(detail || `exit code ${code}`));
    });
  });
}

/**
 * ffprobe's format and stream report of a file path or http(s) URL (a presigned GET works: no download).
 * Throws UnreadableMedia when the input is not media ffprobe can read, MediaToolFailed otherwise.
 */
export async function probeMedia(input: string): Promise<ProbeReport> {
  const { stdout } = await run(FFPROBE, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', input], 120_000);
  return JSON.parse(stdout) as ProbeReport;
}

/**
 * Writes the input's first audio track as 16 kHz mono 16-bit PCM WAV (what speech recognisers want), levelled:
 * a quiet recording is raised to the speech level the engines expect, with a limiter so nothing clips
 * (core/pipeline/levelling.ts). Answers the levelling decision. Throws UnreadableMedia / MediaToolFailed.
 */
export async function extractSpeechAudio(input: string, outputFile: string, timeoutMs = 30 * 60_000): Promise<LevellingDecision> {
  const started = Date.now();
  const raw = `${outputFile}.unlevelled.wav`;
  try {
    // 32-bit float first: a quiet recording rounded to 16 bits before its gain would lose its quietest sounds for good.
    await run(FFMPEG, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-map', '0:a:0', '-vn',
      '-ac', '1', '-ar', '16000', '-c:a', 'pcm_f32le', '-f', 'wav', raw], timeoutMs);
    const decision = decideLevelling(await measureFrameLevels(raw));
    const left = Math.max(60_000, timeoutMs - (Date.now() - started));
    const filter = decision.gainDb === 0 ? [] : ['-af', levellingFilter(decision.gainDb)];
    await run(FFMPEG, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', raw, ...filter,
      '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', outputFile], left);
    return decision;
  } finally {
    await rm(raw, { force: true });
  }
}

/** The ffmpeg filter that raises the audio by `gainDb` and holds its peaks under the limit. */
export function levellingFilter(gainDb: number): string {
  return `volume=${gainDb.toFixed(1)}dB,alimiter=limit=${LIMIT}:attack=5:release=50:level=false`;
}

/**
 * Copies the streams into a new container without re-encoding: a browser's MediaRecorder webm has no
 * duration until remuxed. Throws UnreadableMedia / MediaToolFailed.
 */
export async function remuxCopy(input: string, outputFile: string, timeoutMs = 30 * 60_000): Promise<void> {
  await run(FFMPEG, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-c', 'copy', outputFile], timeoutMs);
}

/** Runs ffmpeg with `args` and answers its whole stderr (filters such as showinfo report there). Throws UnreadableMedia / MediaToolFailed. */
export async function runFfmpeg(args: readonly string[], timeoutMs: number): Promise<string> {
  return (await run(FFMPEG, args, timeoutMs, true)).stderr;
}
