import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { extractFrames } from '../../adapters/media/frames.js';
import { createMediaBucket } from '../../adapters/storage/media-bucket.js';
import { readConfig } from '../../config.js';
import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import { MEDIA_LINK_SECONDS, toolTimeBudget } from '../shared/tool-time.js';

const config = readConfig(['MEDIA_BUCKET']);
const files = createMediaBucket(config.MEDIA_BUCKET);

export interface ExtractFramesInput { readonly meetingId: string; readonly key: string; readonly hasVideo?: boolean }
export interface FrameRef { readonly position: number; readonly timestamp: number; readonly imageKey: string; readonly thumbnailKey: string;
  readonly width: number; readonly height: number }

/**
 * Video branch, step 1: the recording's changing frames (core/search/frames.ts bounds them to 360 an
 * hour) and their thumbnails as JPEGs under artefacts/{id}/frames/. An audio-only recording (m4a) has
 * none. Throws when ffmpeg cannot read the recording.
 */
export const handler = async (input: ExtractFramesInput, context: Context): Promise<{ meetingId: string; frames: FrameRef[] }> => {
  if (input.hasVideo === false) return { meetingId: input.meetingId, frames: [] };
  const link = await files.presignGet(input.key, MEDIA_LINK_SECONDS);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-frames-'));
  try {
    const extracted = await extractFrames(link, dir, toolTimeBudget(context));
    const frames: FrameRef[] = [];
    for (const [position, f] of extracted.entries()) {
      const imageKey = artefactKeys.frame(input.meetingId, position);
      const ref = { position, timestamp: f.timestamp, imageKey, thumbnailKey: artefactKeys.frameThumbnail(imageKey), width: f.width, height: f.height };
      await files.putBytes(ref.imageKey, await readFile(f.image), 'image/jpeg');
      await files.putBytes(ref.thumbnailKey, await readFile(f.thumbnail), 'image/jpeg');
      frames.push(ref);
    }
    return { meetingId: input.meetingId, frames };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
