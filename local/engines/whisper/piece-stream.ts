/**
 * Pieces planned while the speech regions are still being found (docs/speech.md, "Whisper starts on the first
 * regions"): planPieces over the regions found so far, of which all but the last two pieces are final — a piece's plan
 * reads the regions up to two past its last one (the next region's context reaches half-way to the one after), and the
 * two pieces after it hold those. Once the VAD is done every piece is final. The final pieces, in order, are exactly
 * planPieces over all the regions (test/unit/engines/whisper-piece-stream.test.ts).
 */
import type { SpeechRegion } from '../vad.js';
import { planPieces, type ChunkOptions, type Piece, type SampleSource } from './chunker.js';

export class PieceStream {
  private given = 0;

  constructor(private readonly source: Float32Array | SampleSource, private readonly sampleRate: number, private readonly options: ChunkOptions = {}) {}

  /** The pieces that became final with `regions` (all found so far; `done` when there will be no more). */
  next(regions: readonly SpeechRegion[], done: boolean): Piece[] {
    const pieces = planPieces(regions, this.source, this.sampleRate, this.options);
    const upTo = done ? pieces.length : pieces.length - 2;
    if (upTo <= this.given) return [];
    const out = pieces.slice(this.given, upTo);
    this.given = upTo;
    return out;
  }
}
