/**
 * The rewritten native Whisper graph (local/engines/whisper/native-graph.ts) cut into its parts, each a model of its
 * own, for timing them one by one (scripts/bench-whisper-parts.ts): `front` (the graph up to `log_mel`), `encoder` and
 * `decoder` (BeamSearch's subgraphs, with the initializers they share from the outer graph copied in).
 */
import { onnxSchema } from '../../local/engines/whisper/native-graph.js';

interface Tensor { name: string }
interface Node { opType: string; input: string[]; output: string[]; attribute: Array<{ name: string; g?: Graph }> }
interface Graph { node: Node[]; input: Tensor[]; output: Tensor[]; initializer: Tensor[]; valueInfo: Tensor[] }
interface Model { graph: Graph }
interface Schema {
  ModelProto: { decode(bytes: Uint8Array): Model; encode(model: Model): { finish(): Uint8Array } };
  ValueInfoProto: { create(value: object): Tensor };
}

const schema = (): Schema => onnxSchema<Schema>();

/** `sub` as a top-level graph: the outer initializers its nodes read are copied into it. */
function standalone(sub: Graph, outer: Graph): Graph {
  const own = new Set([...sub.initializer.map((t) => t.name), ...sub.input.map((t) => t.name)]);
  const read = new Set(sub.node.flatMap((n) => n.input));
  return { ...sub, initializer: [...sub.initializer, ...outer.initializer.filter((t) => read.has(t.name) && !own.has(t.name))] };
}

export function splitWhisperGraph(bytes: Uint8Array): { front: Uint8Array; encoder: Uint8Array; decoder: Uint8Array } {
  const onnx = schema();
  const decode = () => onnx.ModelProto.decode(bytes);
  const model = decode();
  const search = model.graph.node.find((n) => n.opType === 'BeamSearch');
  if (!search) throw new Error('the graph has no BeamSearch node');
  const sub = (name: string) => {
    const g = search.attribute.find((a) => a.name === name)?.g;
    if (!g) throw new Error(`BeamSearch has no ${name} subgraph`);
    return onnx.ModelProto.encode({ ...model, graph: standalone(g, model.graph) }).finish();
  };
  const front = decode();
  const logMel = search.input[0]!;
  front.graph.node = front.graph.node.filter((n) => n.opType !== 'BeamSearch');
  const read = new Set(front.graph.node.flatMap((n) => n.input));
  front.graph.initializer = front.graph.initializer.filter((t) => read.has(t.name));
  front.graph.input = front.graph.input.filter((t) => t.name === 'audio_pcm');
  front.graph.output = [onnx.ValueInfoProto.create({ name: logMel, type: { tensorType: { elemType: 1 } } })];
  return { front: onnx.ModelProto.encode(front).finish(), encoder: sub('encoder'), decoder: sub('decoder') };
}
