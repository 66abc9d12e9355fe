/**
 * Passage vectors as int8 with one scale per vector: a vector v is held as codes c (−127…127) and s =
 * max|v| / 127, so v ≈ s·c, each component within s/2. A 512-dimension vector takes 516 bytes instead of
 * 2,048, and a dot product with a float query is s·Σ q·c. For a unit query the dot's error is at most
 * (s/2)·Σ|q| ≤ (s/2)·√n, and in practice far less, as the rounding errors do not line up
 * (test/unit/ask/quantised-vectors.test.ts; ranking checked by eval:ask, docs/search.md "Index").
 */

/** Rows of int8 codes (row-major, `dimensions` each) with one scale per row. */
export interface QuantisedRows { readonly codes: Int8Array; readonly scales: Float32Array; readonly dimensions: number }

/** No rows. */
export const noRows = (): QuantisedRows => ({ codes: new Int8Array(0), scales: new Float32Array(0), dimensions: 0 });

/** Writes `vector`'s codes at row `row` of `codes` and returns its scale (0 for a zero vector). */
export function quantiseInto(vector: ArrayLike<number>, codes: Int8Array, row: number): number {
  let max = 0;
  for (let j = 0; j < vector.length; j += 1) max = Math.max(max, Math.abs(vector[j]));
  const offset = row * vector.length;
  if (max === 0 || !Number.isFinite(max)) {
    codes.fill(0, offset, offset + vector.length);
    return 0;
  }
  const scale = max / 127;
  for (let j = 0; j < vector.length; j += 1) codes[offset + j] = Math.max(-127, Math.min(127, Math.round(vector[j] / scale)));
  return scale;
}

/** Quantises float rows (all of `dimensions`). */
export function quantiseRows(vectors: readonly ArrayLike<number>[], dimensions: number): QuantisedRows {
  const codes = new Int8Array(vectors.length * dimensions);
  const scales = new Float32Array(vectors.length);
  vectors.forEach((v, i) => {
    if (v.length !== dimensions) throw new RangeError(`vector ${i} has ${v.length} dimensions, not ${dimensions}`);
    scales[i] = quantiseInto(v, codes, i);
  });
  return { codes, scales, dimensions };
}

/** Row `row` back as floats (s·c). */
export function dequantisedRow({ codes, scales, dimensions }: QuantisedRows, row: number): Float32Array {
  const out = new Float32Array(dimensions);
  const offset = row * dimensions;
  for (let j = 0; j < dimensions; j += 1) out[j] = codes[offset + j] * scales[row];
  return out;
}

/** The dot product of a float query with row `row`. */
export function dotRow({ codes, scales, dimensions }: QuantisedRows, row: number, query: Float32Array): number {
  const offset = row * dimensions;
  let sum = 0;
  for (let j = 0; j < dimensions; j += 1) sum += query[j] * codes[offset + j];
  return sum * scales[row];
}

/**
 * The dot products of a query (as float64) with every row, into `out`, in one plain loop with four running
 * sums (independent additions pipeline; a row at a time through a generator cost the ask about twice the CPU,
 * see bench:ask's "the rest" CPU time in docs/search.md).
 */
export function dotRows({ codes, scales, dimensions }: QuantisedRows, query: Float64Array, out: Float64Array): void {
  const whole = dimensions - (dimensions % 4);
  for (let i = 0; i < scales.length; i += 1) {
    const o = i * dimensions;
    let a = 0;
    let b = 0;
    let c = 0;
    let d = 0;
    let j = 0;
    for (; j < whole; j += 4) {
      a += query[j] * codes[o + j];
      b += query[j + 1] * codes[o + j + 1];
      c += query[j + 2] * codes[o + j + 2];
      d += query[j + 3] * codes[o + j + 3];
    }
    for (; j < dimensions; j += 1) a += query[j] * codes[o + j];
    out[i] = (a + b + c + d) * scales[i];
  }
}
