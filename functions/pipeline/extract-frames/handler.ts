import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createArtefactFiles } from '../../adapters/search-index/artefact-json.js';
import { readConfig } from '../../config.js';
import type { Context } from 'aws-lambda';
import { toolTimeBudget } from '../shared/tool-time.js';
import { extractFrames } from './ffmpeg-frames.js';

const config = readConfig(['MEDIA_BUCKET']);
// eslint-disable-next-line boundaries/no-aws-client -- issue 18a moves this
const s3 = new S3Client({});
const files = createArtefactFiles(s3, config.MEDIA_BUCKET);

export interface ExtractFramesInput { readonly meetingId: string; readonly key: string; readonly hasVideo?: boolean }
export interface FrameRef { readonly position: number; readonly timestamp: number; readonly imageKey: string; readonly thumbnailKey: string; readonly width: number; readonly height: number }

/**
 * Video branch, step 1: the recording's changing frames (core/search/frames.ts bounds them to 360 an
 * hour) and their thumbnails as JPEGs under artefacts/{id}/frames/. An audio-only recording (m4a) has
 * none. Throws when ffmpeg cannot read the recording.
 */
export const handler = async (input: ExtractFramesInput, context: Context): Promise<{ meetingId: string; frames: FrameRef[] }> => {
  if (input.hasVideo === false) return { meetingId: input.meetingId, frames: [] };
  const link = await getSignedUrl(s3, new GetObjectCommand({ Bucket: config.MEDIA_BUCKET, Key: input.key }), { expiresIn: 6 * 3600 });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-frames-'));
  try {
    const extracted = await extractFrames(link, dir, toolTimeBudget(context));
    const frames: FrameRef[] = [];
    for (const [position, f] of extracted.entries()) {
      const base = `artefacts/${input.meetingId}/frames/${String(position).padStart(5, '0')}`;
      const ref = { position, timestamp: f.timestamp, imageKey: `${base}.jpg`, thumbnailKey: `${base}.thumb.jpg`, width: f.width, height: f.height };
      await files.putBytes(ref.imageKey, await readFile(f.image), 'image/jpeg');
      await files.putBytes(ref.thumbnailKey, await readFile(f.thumbnail), 'image/jpeg');
      frames.push(ref);
    }
    return { meetingId: input.meetingId, frames };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
