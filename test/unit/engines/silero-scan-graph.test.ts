/**
 * The Silero graph rewritten to score a block of windows in one run (silero-scan-graph.ts, issue 36). That it scores
 * exactly as the carried graph does is checked where onnxruntime-node may run, in its child process: the regions of
 * silero-segments.test.ts equal sherpa-onnx's own, and `npm run bench:silero` compares an hour's regions.
 */
import { readFile } from 'node:fs/promises';
import { sileroScanGraph } from '../../../local/engines/silero-scan-graph.js';
import { onnxSchema } from '../../../local/engines/whisper/native-graph.js';
import { locateCarriedModel, SILERO_VAD_NPM } from '../../../local/engines/whisper/carrier.js';

interface Graph { node: Array<{ opType: string; attribute: Array<{ name: string; g?: Graph }> }>; input: Array<{ name: string }>;
  output: Array<{ name: string }>; initializer: Array<{ name: string }> }
const decode = (bytes: Uint8Array) => onnxSchema<{ ModelProto: { decode(b: Uint8Array): { graph: Graph } } }>().ModelProto.decode(bytes).graph;

describe('sileroScanGraph', () => {
  it('makes the 16 kHz model the body of one Scan over the windows, carrying the LSTM state, without the 8 kHz weights', async () => {
    const found = await locateCarriedModel(SILERO_VAD_NPM);
    if ('problem' in found) throw new Error(found.problem);
    const source = await readFile(found.file);
    const before = decode(source);
    const graph = decode(sileroScanGraph(source));
    expect(graph.node.map((n) => n.opType)).toEqual(['Scan']);
    expect(graph.input.map((i) => i.name)).toEqual(['scan_windows', 'initial_h', 'initial_c']);
    expect(graph.output.map((o) => o.name)).toEqual(['probabilities', 'last_h', 'last_c']);
    const body = graph.node[0]!.attribute.find((a) => a.name === 'body')!.g!;
    expect(body.input.map((i) => i.name)).toEqual(['h', 'c', 'window']);
    expect(body.output.map((o) => o.name)).toEqual(['hn', 'cn', 'output']);
    expect(graph.initializer.length).toBeLessThan(before.initializer.length);
  });

  it('refuses a graph that is not the carried Silero model', async () => {
    const found = await locateCarriedModel(SILERO_VAD_NPM);
    if ('problem' in found) throw new Error(found.problem);
    const schema = onnxSchema<{ ModelProto: { decode(b: Uint8Array): { graph: Graph }; encode(m: object): { finish(): Uint8Array } } }>();
    const model = schema.ModelProto.decode(await readFile(found.file));
    model.graph.input = model.graph.input.slice(1);
    expect(() => sileroScanGraph(schema.ModelProto.encode(model).finish())).toThrow(/not the expected one/);
  });
});
