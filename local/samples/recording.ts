/**
 * Makes a sample meeting's recording from its script: each line spoken by espeak-ng, the lines joined
 * with pauses, over slides drawn by ffmpeg (lavfi colour source + drawtext), into an H.264/AAC mp4 —
 * real media for the real pipeline (transcription, diarization, slide OCR, notes).
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SampleMeeting } from './scripts.js';

const require = createRequire(import.meta.url);

/** The programs and font the recording needs. */
export interface MediaTools { readonly ffmpeg: string; readonly espeak: string; readonly font: string }

/** What is missing, in words for the log (what to install). */
export class MissingMediaTool extends Error {
  readonly name = 'MissingMediaTool';
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  '/Library/Fonts/Arial.ttf',
];

const isExecutable = (file: string) => access(file, constants.X_OK).then(() => true, () => false);
const exists = (file: string) => access(file, constants.R_OK).then(() => true, () => false);

async function onPath(program: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, program);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Finds ffmpeg (FFMPEG_PATH, else the one in @ffmpeg-installer/ffmpeg, as the pipeline does), espeak-ng
 * (ESPEAK_PATH, else on PATH) and a TrueType font for the slides (SAMPLE_FONT_PATH, else DejaVu or Liberation).
 * Throws MissingMediaTool saying what to install.
 */
export async function findMediaTools(env: NodeJS.ProcessEnv = process.env): Promise<MediaTools> {
  let ffmpeg = env.FFMPEG_PATH?.trim();
  if (!ffmpeg) {
    try { ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path; } catch { ffmpeg = await onPath('ffmpeg', env); }
  }
  if (!ffmpeg || !(await isExecutable(ffmpeg))) throw new MissingMediaTool('ffmpeg not found (npm ci installs @ffmpeg-installer/ffmpeg; or set FFMPEG_PATH)');
  const espeak = env.ESPEAK_PATH?.trim() || await onPath('espeak-ng', env);
  if (!espeak || !(await isExecutable(espeak))) throw new MissingMediaTool('espeak-ng not found (apt-get install espeak-ng, or set ESPEAK_PATH)');
  return { ffmpeg, espeak, font: await findSlideFont(env) };
}

/** A TrueType font for slide text: SAMPLE_FONT_PATH, else DejaVu or Liberation. Throws MissingMediaTool saying what to install. */
export async function findSlideFont(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  let font: string | undefined = env.SAMPLE_FONT_PATH?.trim();
  if (!font) for (const candidate of FONT_CANDIDATES) if (await exists(candidate)) { font = candidate; break; }
  if (!font || !(await exists(font))) throw new MissingMediaTool(
    'no TrueType font for the slides (apt-get install fonts-dejavu-core, or set SAMPLE_FONT_PATH)');
  return font;
}

function run(program: string, args: readonly string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-4000); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited ${code}: ${stderr.trim().split('\n').slice(
      -3).join(' ')}`))));
  });
}

/** Seconds of audio in a PCM WAV file (espeak-ng's output), from its fmt and data chunks. */
export function wavSeconds(wav: Buffer): number {
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    let size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = wav.readUInt32LE(offset + 16);
    if (id === 'data') {
      // espeak-ng writing to a file it cannot seek back in leaves the size at 0 or 0xFFFFFFFF.
      if (size === 0 || size === 0xffffffff || offset + 8 + size > wav.length) size = wav.length - offset - 8;
      if (!byteRate) break;
      return size / byteRate;
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('Not a PCM WAV file');
}

/** Seconds of silence after each line. */
const PAUSE_SECONDS = 1.2;
/** Words per minute: a little slower than espeak-ng's default, which the recognisers follow better. */
const WORDS_PER_MINUTE = 125;
const SAMPLE_RATE = 22_050;
// Light and dark slides alternate so each slide change is a scene change the frame extraction picks up.
const THEMES = [{ background: 'white', text: '0x111827' }, { background: '0x1e3a5f', text: 'white' }] as const;

/** Where each line starts (s) and the whole length, given each line's spoken length. */
export function timeline(lineSeconds: readonly number[], pause = PAUSE_SECONDS): { starts: number[]; total: number } {
  const starts: number[] = [];
  let t = 0;
  for (const seconds of lineSeconds) {
    starts.push(t);
    t += seconds + pause;
  }
  return { starts, total: t };
}

/**
 * Writes the sample's recording to `output` (mp4), working in `workDir`. Returns its length in seconds.
 * Throws when espeak-ng or ffmpeg fails, or when `signal` aborts.
 */
export async function buildSampleRecording(sample: SampleMeeting, tools: MediaTools, workDir: string, output: string, signal?: AbortSignal): Promise<number> {
  const wavs: string[] = [];
  const lengths: number[] = [];
  for (const [i, line] of sample.lines.entries()) {
    const wav = path.join(workDir, `line-${i}.wav`);
    await run(tools.espeak, ['-v', line.voice, '-s', String(WORDS_PER_MINUTE), '-p', String(line.pitch), '-w', wav, line.text], signal);
    wavs.push(wav);
    lengths.push(wavSeconds(await readFile(wav)));
  }
  const { starts, total } = timeline(lengths);

  // Text goes through files (textfile=) so no slide text needs filter escaping; the paths are ours.
  const draws: string[] = [];
  for (const [s, slide] of sample.slides.entries()) {
    const from = starts[slide.fromLine] ?? 0;
    const to = s + 1 < sample.slides.length ? starts[sample.slides[s + 1]!.fromLine] ?? total : total + 1;
    const theme = THEMES[s % THEMES.length]!;
    const enable = `enable='between(t,${from.toFixed(2)},${to.toFixed(2)})'`;
    draws.push(`drawbox=x=0:y=0:w=iw:h=ih:color=${theme.background}:t=fill:${enable}`);
    const texts = [{ text: slide.title, size: 76, y: 120 }, ...slide.bullets.map((b, i) => ({ text: `- ${b}`, size: 48, y: 300 + i * 100 }))];
    for (const [t, item] of texts.entries()) {
      const file = path.join(workDir, `slide-${s}-${t}.txt`);
      await writeFile(file, item.text);
      draws.push(`drawtext=fontfile='${tools.font}':textfile='${file}':fontsize=${item.size}:fontcolor=${theme.text}:x=110:y=${item.y}:${enable}`);
    }
  }
  const audio = wavs.map((_, i) => `[${i}:a]aresample=${SAMPLE_RATE},apad=pad_len=${Math.round(PAUSE_SECONDS * SAMPLE_RATE)}[a${i}]`);
  const concat = `${wavs.map((_, i) => `[a${i}]`).join('')}concat=n=${wavs.length}:v=0:a=1[aout]`;
  const video = `[${wavs.length}:v]${draws.join(',')}[vout]`;
  await run(tools.ffmpeg, [
    '-hide_banner', '-nostdin', '-y', ...wavs.flatMap((w) => ['-i', w]),
    '-f', 'lavfi', '-i', `color=c=white:s=1280x720:r=5:d=${total.toFixed(2)}`,
    '-filter_complex', [...audio, concat, video].join(';'),
    '-map', '[vout]', '-map', '[aout]', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart', output,
  ], signal);
  return total;
}
