import type { PassageDoc } from '../../core/ask/model.js';
import { noRows, quantiseRows, type QuantisedRows } from './quantised-vectors.js';

/**
 * A meeting's passages on disk (`passages/{meetingId}.json`). Version 2: the documents, and the vectors as
 * int8 codes and float32 scales (base64), as held in memory. Version 1 (no `version`; written before int8):
 * the vectors as base64 float32 rows; read and quantised on load, and written as version 2 the next time the
 * meeting's passages change.
 */
export interface PassagesFileV2 {
  readonly version: 2;
  readonly passages: readonly PassageDoc[];
  readonly dimensions: number;
  readonly codes: string;
  readonly scales: string;
}

interface PassagesFileV1 { readonly passages: readonly PassageDoc[]; readonly vectors: string; readonly dimensions: number }

/** The file for the given documents and their quantised vectors. */
export const passagesFile = (passages: readonly PassageDoc[], vectors: QuantisedRows): PassagesFileV2 => ({
  version: 2, passages, dimensions: vectors.dimensions,
  codes: Buffer.from(vectors.codes.buffer, vectors.codes.byteOffset, vectors.codes.byteLength).toString('base64'),
  scales: Buffer.from(vectors.scales.buffer, vectors.scales.byteOffset, vectors.scales.byteLength).toString('base64'),
});

const bytesOf = (base64: string): ArrayBuffer => {
  const bytes = Buffer.from(base64, 'base64');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

/** Documents and quantised vectors from a file of either version (none: no passages). Throws on a file whose sizes disagree. */
export function readPassagesFile(file: PassagesFileV2 | PassagesFileV1 | undefined): { docs: readonly PassageDoc[]; vectors: QuantisedRows } {
  if (!file) return { docs: [], vectors: noRows() };
  const { passages, dimensions } = file;
  const vectors = 'version' in file && file.version === 2
    ? { codes: new Int8Array(bytesOf(file.codes)), scales: new Float32Array(bytesOf(file.scales)), dimensions }
    : quantiseRows(floatRows(new Float32Array(bytesOf((file as PassagesFileV1).vectors)), passages.length, dimensions), dimensions);
  if (vectors.codes.length !== passages.length * dimensions || vectors.scales.length !== passages.length) {
    throw new Error(`Passages file holds ${passages.length} passages but vectors for ${vectors.scales.length}`);
  }
  return { docs: passages, vectors };
}

const floatRows = (all: Float32Array, count: number, dimensions: number): Float32Array[] =>
  Array.from({ length: count }, (_, i) => all.subarray(i * dimensions, (i + 1) * dimensions));
