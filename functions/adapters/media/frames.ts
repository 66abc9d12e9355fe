import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MAX_GAP_SECONDS, MIN_GAP_SECONDS, SCENE_THRESHOLD, THUMBNAIL_WIDTH } from '../../core/search/frames.js';
import { runFfmpeg } from './ffmpeg.js';

export interface ExtractedFrame { readonly timestamp: number; readonly image: string; readonly thumbnail: string; readonly width: number;
  readonly height: number }

// fps=2 first halves the work of the scene score; prev_selected_t is NaN until the first pick.
const SELECT = `fps=2,select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${MAX_GAP_SECONDS})`
  + `+gt(scene\\,${SCENE_THRESHOLD})*gte(t-prev_selected_t\\,${MIN_GAP_SECONDS})',showinfo`;

/**
 * Writes the frames where the picture changes (plus one at least every MAX_GAP_SECONDS) as JPEGs with
 * thumbnails into `dir`, with their times from showinfo. Throws UnreadableMedia / MediaToolFailed when ffmpeg fails.
 */
export async function extractFrames(input: string, dir: string, timeoutMs = 30 * 60_000): Promise<ExtractedFrame[]> {
  const stderr = await runFfmpeg([
    '-nostdin', '-hide_banner', '-y', '-i', input,
    '-filter_complex', `[0:v:0]${SELECT},split=2[f][t];[t]scale=${THUMBNAIL_WIDTH}:-2[th]`,
    '-map', '[f]', '-vsync', 'vfr', '-q:v', '3', path.join(dir, 'f%05d.jpg'),
    '-map', '[th]', '-vsync', 'vfr', '-q:v', '5', path.join(dir, 't%05d.jpg'),
  ], timeoutMs);
  const infos = [...stderr.matchAll(/Parsed_showinfo.*?\bn:\s*(\d+).*?pts_time:([\d.]+).*?\bs:(\d+)x(\d+)/g)]
    .map((m) => ({ n: Number(m[1]), timestamp: Number(m[2]), width: Number(m[3]), height: Number(m[4]) }));
  const written = new Set(await readdir(dir));
  return infos.flatMap((info) => {
    const name = String(info.n + 1).padStart(5, '0');
    if (!written.has(`f${name}.jpg`) || !written.has(`t${name}.jpg`)) return [];
    return [{ timestamp: info.timestamp, image: path.join(dir, `f${name}.jpg`), thumbnail: path.join(dir, `t${name}.jpg`), width: info.width,
      height: info.height }];
  });
}
