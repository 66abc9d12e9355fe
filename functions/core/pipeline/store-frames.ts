/**
 * ExtractFrames as a use case (video branch, step 1): the recording's changing frames (core/search/frames.ts bounds
 * them to 360 an hour) and their thumbnails stored as JPEGs under artefacts/{id}/frames/.
 */
import { artefactKeys } from './artefact-keys.js';
import type { ArtefactStore, MediaTools } from './media-ports.js';
import type { ExtractFramesInput, FrameRef } from './run-state.js';

export interface StoreFramesPorts {
  readonly media: Pick<MediaTools, 'withFrames'>;
  readonly artefacts: Pick<ArtefactStore, 'putBytes'>;
}

/** The stored frames in order; none for an audio-only recording (m4a). Throws when ffmpeg cannot read the recording. */
export async function storeVideoFrames(ports: StoreFramesPorts, input: ExtractFramesInput, toolMs: number): Promise<{ meetingId: string; frames: FrameRef[] }> {
  if (input.hasVideo === false) return { meetingId: input.meetingId, frames: [] };
  const frames = await ports.media.withFrames(input.key, toolMs, async (extracted) => {
    const stored: FrameRef[] = [];
    for (const [position, f] of extracted.entries()) {
      const imageKey = artefactKeys.frame(input.meetingId, position);
      const ref = { position, timestamp: f.timestamp, imageKey, thumbnailKey: artefactKeys.frameThumbnail(imageKey), width: f.width, height: f.height };
      await ports.artefacts.putBytes(ref.imageKey, await f.image(), 'image/jpeg');
      await ports.artefacts.putBytes(ref.thumbnailKey, await f.thumbnail(), 'image/jpeg');
      stored.push(ref);
    }
    return stored;
  });
  return { meetingId: input.meetingId, frames };
}
