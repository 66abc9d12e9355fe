/**
 * The log-mel front end's STFT as a convolution (issue 36, docs/speech.md "Where the native time goes"). The carried
 * graph's STFT node has a 400-point frame, not a power of two, and onnxruntime's CPU STFT then computes each frame's DFT
 * term by term: it cost as much CPU as the whole encoder. A 1-D convolution whose 402 filters are the windowed cosine
 * and sine rows of the same DFT (stride = hop) computes the same numbers with one matrix product per piece.
 */

/** The node fields this rewrite reads and writes (onnx.js's protobuf classes, see native-graph.ts). */
export interface OnnxAttribute { name: string; i?: unknown; ints?: unknown[]; type?: number; t?: OnnxTensor; s?: Uint8Array }
export interface OnnxNode { opType: string; input: string[]; output: string[]; attribute: OnnxAttribute[]; name?: string }
export interface OnnxTensor { dims?: unknown[]; dataType?: number; rawData?: Uint8Array; floatData?: number[]; int64Data?: unknown[]; name?: string }
export interface OnnxGraph { node: OnnxNode[]; initializer: OnnxTensor[] }

const FLOAT = 1;
const INT64 = 7;
const ATTR_INT = 2;
const ATTR_INTS = 7;

/**
 * Filters of the one-sided DFT of `window.length`-point frames, windowed: `bins` = length/2 + 1 cosine rows (the real
 * parts) then as many sine rows (the imaginary parts, with the DFT's minus sign), each `window.length` long, row-major.
 */
export function dftFilters(window: Float32Array): { weights: Float32Array; bins: number } {
  const n = window.length;
  const bins = Math.floor(n / 2) + 1;
  const weights = new Float32Array(2 * bins * n);
  for (let k = 0; k < bins; k++) {
    for (let t = 0; t < n; t++) {
      // (k·t) mod n keeps the angle small, so the rows are as exact as the float64 cos/sin.
      const angle = (2 * Math.PI * ((k * t) % n)) / n;
      weights[k * n + t] = window[t]! * Math.cos(angle);
      weights[(bins + k) * n + t] = -window[t]! * Math.sin(angle);
    }
  }
  return { weights, bins };
}

/** A constant's or initializer's values as numbers (float or int64), or undefined when `name` is neither. */
function constantValues(graph: OnnxGraph, name: string): number[] | undefined {
  const tensor = graph.initializer.find((t) => t.name === name)
    ?? graph.node.find((n) => n.opType === 'Constant' && n.output[0] === name)?.attribute.find((a) => a.name === 'value')?.t;
  if (!tensor) return undefined;
  if (tensor.dataType === FLOAT) {
    if (tensor.floatData?.length) return tensor.floatData;
    const raw = tensor.rawData!;
    return Array.from(new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)));
  }
  if (tensor.dataType === INT64) {
    if (tensor.int64Data?.length) return tensor.int64Data.map(Number);
    const raw = tensor.rawData!;
    return Array.from(new BigInt64Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)), Number);
  }
  return undefined;
}

const tensor = (name: string, dataType: number, dims: number[], data: Float32Array | BigInt64Array): OnnxTensor =>
  ({ name, dataType, dims, rawData: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });

/**
 * Replaces the graph's one-sided STFT node (signal [batch, length], constant hop, window and frame length) by
 * Unsqueeze → Conv (the DFT filters, stride = hop) → Reshape → Transpose, giving the STFT's own output
 * ([batch, frames, bins, 2]) under its own name. Throws when the node is not such an STFT.
 */
export function replaceStftWithConv(graph: OnnxGraph): void {
  const stft = graph.node.find((n) => n.opType === 'STFT');
  if (!stft) throw new Error('the graph has no STFT node');
  const [signal, hopName, windowName, lengthName] = stft.input;
  const hop = constantValues(graph, hopName ?? '')?.[0];
  const window = constantValues(graph, windowName ?? '');
  const frame = constantValues(graph, lengthName ?? '')?.[0] ?? window?.length;
  const onesided = stft.attribute.find((a) => a.name === 'onesided')?.i;
  if (!signal || !hop || !window || frame !== window.length || (onesided !== undefined && Number(onesided) !== 1)) {
    throw new Error('the STFT node is not a one-sided STFT with a constant hop and window');
  }
  const { weights, bins } = dftFilters(Float32Array.from(window));
  const out = stft.output[0]!;
  const name = (suffix: string) => `${out}_conv_${suffix}`;
  graph.initializer.push(
    tensor(name('axes'), INT64, [1], BigInt64Array.of(1n)),
    tensor(name('filters'), FLOAT, [2 * bins, 1, window.length], weights),
    tensor(name('shape'), INT64, [4], BigInt64Array.of(0n, 2n, BigInt(bins), -1n)),
  );
  const ints = (key: string, values: number[]) => ({ name: key, type: ATTR_INTS, ints: values });
  const nodes: OnnxNode[] = [
    { opType: 'Unsqueeze', input: [signal, name('axes')], output: [name('signal')], attribute: [], name: name('unsqueeze') },
    { opType: 'Conv', input: [name('signal'), name('filters')], output: [name('dft')], name: name('conv'),
      attribute: [ints('strides', [hop]), ints('kernel_shape', [window.length]), { name: 'group', type: ATTR_INT, i: 1 }] },
    { opType: 'Reshape', input: [name('dft'), name('shape')], output: [name('parts')], attribute: [], name: name('reshape') },
    { opType: 'Transpose', input: [name('parts')], output: [out], attribute: [ints('perm', [0, 3, 2, 1])], name: name('transpose') },
  ];
  graph.node.splice(graph.node.indexOf(stft), 1, ...nodes);
  // The STFT's hop, window and frame length constants are read by nothing now.
  const read = new Set(graph.node.flatMap((n) => n.input));
  graph.node = graph.node.filter((n) => n.opType !== 'Constant' || read.has(n.output[0]!));
}
