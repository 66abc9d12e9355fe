import type { Slide } from '../../core/chapters/model.js';
import { artefactKeys } from '../../core/pipeline/artefact-keys.js';
import type { MediaBucket } from './media-bucket.js';

/** A meeting's slides as JSON beside its frames (artefacts/{id}/slides.json). */
export function createSlidesStore(files: Pick<MediaBucket, 'head' | 'getJson' | 'putJson'>) {
  return {
    /** The slides the frames stage found, or undefined before it has finished (or for a recording without video). */
    async findSlides(meetingId: string): Promise<Slide[] | undefined> {
      const key = artefactKeys.slides(meetingId);
      return (await files.head(key)) ? files.getJson<Slide[]>(key) : undefined;
    },
    saveSlides: (meetingId: string, slides: readonly Slide[]) => files.putJson(artefactKeys.slides(meetingId), slides),
  };
}
