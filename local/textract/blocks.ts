import { randomUUID } from 'node:crypto';

/** Tesseract's pixel box. */
export interface PixelBox { x0: number; y0: number; x1: number; y1: number }
export interface OcrLine { text: string; confidence: number; bbox: PixelBox; words: Array<{ text: string; confidence: number; bbox: PixelBox }> }

/** Textract's Geometry: BoundingBox and Polygon relative to the page (0..1). */
function geometry(box: PixelBox, width: number, height: number) {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const left = clamp(box.x0 / width);
  const top = clamp(box.y0 / height);
  const right = clamp(box.x1 / width);
  const bottom = clamp(box.y1 / height);
  return {
    BoundingBox: { Width: right - left, Height: bottom - top, Left: left, Top: top },
    Polygon: [{ X: left, Y: top }, { X: right, Y: top }, { X: right, Y: bottom }, { X: left, Y: bottom }],
  };
}

/**
 * Tesseract's lines and words as Textract DetectDocumentText blocks: one PAGE whose CHILD relationship
 * lists the LINEs, each LINE listing its WORDs, in reading order, with relative geometry.
 */
export function toTextractBlocks(lines: readonly OcrLine[], width: number, height: number, newId: () => string = randomUUID) {
  const page = { BlockType: 'PAGE', Id: newId(), Geometry: geometry({ x0: 0, y0: 0, x1: width, y1: height }, width, height), Relationships: [] as unknown[] };
  const blocks: Array<Record<string, unknown>> = [page];
  const lineIds: string[] = [];
  for (const line of lines) {
    const words = line.words.filter((w) => w.text.trim());
    if (words.length === 0) continue;
    const wordBlocks = words.map((w) => ({
      BlockType: 'WORD', Id: newId(), Text: w.text.trim(), TextType: 'PRINTED', Confidence: w.confidence, Geometry: geometry(w.bbox, width, height),
    }));
    const lineBlock = {
      BlockType: 'LINE', Id: newId(), Text: words.map((w) => w.text.trim()).join(' '), Confidence: line.confidence,
      Geometry: geometry(line.bbox, width, height), Relationships: [{ Type: 'CHILD', Ids: wordBlocks.map((w) => w.Id) }],
    };
    lineIds.push(lineBlock.Id);
    blocks.push(lineBlock, ...wordBlocks);
  }
  page.Relationships = lineIds.length > 0 ? [{ Type: 'CHILD', Ids: lineIds }] : [];
  return blocks;
}
