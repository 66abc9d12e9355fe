/** ExtractFrames' ports (core/pipeline/store-frames.ts): the media bucket and the media tools only (the frames task has no table). */
import { createMediaTools } from '../adapters/media/media-tools.js';
import { createMediaBucket } from '../adapters/storage/media-bucket.js';
import { readConfig } from '../config.js';
import type { StoreFramesPorts } from '../core/pipeline/store-frames.js';

export function storeFramesPorts(): StoreFramesPorts {
  const artefacts = createMediaBucket(readConfig(['MEDIA_BUCKET']).MEDIA_BUCKET);
  return { artefacts, media: createMediaTools(artefacts) };
}
