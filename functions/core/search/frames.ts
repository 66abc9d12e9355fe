import type { FrameWord } from './model.js';

/**
 * Frame selection of the video branch: a frame where the picture changes (scene score above
 * SCENE_THRESHOLD) but no sooner than MIN_GAP_SECONDS after the last one, and at least one every
 * MAX_GAP_SECONDS. So at most 3600 / MIN_GAP_SECONDS = 360 frames per hour, at least 60 for a moving picture.
 */
export const SCENE_THRESHOLD = 0.2;
export const MIN_GAP_SECONDS = 10;
export const MAX_GAP_SECONDS = 60;
export const MAX_FRAMES_PER_HOUR = 3600 / MIN_GAP_SECONDS;
/** Width of the thumbnail the result lists show. */
export const THUMBNAIL_WIDTH = 320;

/** A Textract block, as much of it as we read (the cloud's and the local edition's answers alike). */
export interface TextractBlock {
  readonly BlockType?: string;
  readonly Text?: string;
  readonly Confidence?: number;
  readonly Geometry?: { readonly BoundingBox?: { readonly Width?: number; readonly Height?: number; readonly Left?: number; readonly Top?: number } };
}

/** The WORD blocks of a DetectDocumentText answer as frame words with Textract's relative boxes. */
export function wordsFromTextract(blocks: readonly TextractBlock[]): FrameWord[] {
  return blocks.flatMap((b) => {
    const box = b.Geometry?.BoundingBox;
    if (b.BlockType !== 'WORD' || !b.Text?.trim() || !box) return [];
    return [{
      text: b.Text.trim(), confidence: b.Confidence ?? 0,
      box: { left: box.Left ?? 0, top: box.Top ?? 0, width: box.Width ?? 0, height: box.Height ?? 0 },
    }];
  });
}
