import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MediaTools } from '../../core/pipeline/media-ports.js';
import { NotMediaFile, type ProbeReport } from '../../core/pipeline/media-probe.js';
import type { MediaBucket } from '../storage/media-bucket.js';
import { extractSpeechAudio, probeMedia, remuxCopy, UnreadableMedia } from './ffmpeg.js';
import { extractFrames } from './frames.js';

/** How long ffmpeg may read a recording through its presigned link. */
const MEDIA_LINK_SECONDS = 6 * 60 * 60;

/**
 * The media tools over the media bucket: ffprobe and ffmpeg read a stored recording through a presigned GET link (no
 * download); what they write goes to a temporary directory, removed when done.
 */
export function createMediaTools(bucket: Pick<MediaBucket, 'presignGet' | 'putFile'>): MediaTools {
  const link = (key: string) => bucket.presignGet(key, MEDIA_LINK_SECONDS);
  return {
    probe: async (key) => readable(async () => probeMedia(await link(key))),
    probeCopy: async (key, timeoutMs) => readable(async () => inTemporaryDirectory('remux', async (dir) => {
      const extension = /\.(webm|mkv|mp4|m4a|mov|ogg)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mkv';
      const copy = path.join(dir, `remuxed.${extension}`);
      await remuxCopy(await link(key), copy, timeoutMs);
      return probeMedia(copy);
    })),
    storeSpeechAudio: async (key, targetKey, timeoutMs) => inTemporaryDirectory('audio', async (dir) => {
      const wav = path.join(dir, 'audio.wav');
      const level = await extractSpeechAudio(await link(key), wav, timeoutMs);
      await bucket.putFile(targetKey, wav, 'audio/wav');
      return level;
    }),
    withFrames: async (key, timeoutMs, use) => inTemporaryDirectory('frames', async (dir) => {
      const frames = await extractFrames(await link(key), dir, timeoutMs);
      return use(frames.map((f) => ({
        timestamp: f.timestamp, width: f.width, height: f.height, image: () => readFile(f.image), thumbnail: () => readFile(f.thumbnail),
      })));
    }),
  };
}

/** ffprobe's report, or NotMediaFile when ffprobe cannot read the file as media at all. */
async function readable(probe: () => Promise<ProbeReport>): Promise<ProbeReport> {
  try {
    return await probe();
  } catch (error) {
    if (error instanceof UnreadableMedia) throw new NotMediaFile('The uploaded file is not an audio or video recording. Upload an mp4 or m4a file.');
    throw error;
  }
}

async function inTemporaryDirectory<T>(purpose: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `meetscribe-${purpose}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
