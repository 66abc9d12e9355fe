import os from 'node:os';
import path from 'node:path';

/**
 * One downloadable model: a single file, or a .tar.bz2 archive unpacking into `folder`.
 * `sha256` is the pinned checksum; when it is absent (not obtainable where this was written) the first
 * download's checksum is recorded and every later use is checked against it.
 */
export interface ModelSpec {
  name: string;
  url: string;
  sha256?: string;
  kind: 'file' | 'tar.bz2';
  /** For archives: the folder the archive creates. For files: the file name. */
  folder: string;
  /** Paths (relative to the model's folder, or the file itself) that must exist after unpacking. */
  files: readonly string[];
}

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';

/** The neural model set, in the order it is fetched. Change URLs and sums only here. */
export const NEURAL_MODELS = {
  vad: {
    name: 'silero-vad',
    url: 'https://github.com/snakers4/silero-vad/raw/806dcba3f0b5d95282d0889a074954a2f8c6397b/src/silero_vad/data/silero_vad.onnx',
    sha256: '1a153a22f4509e292a94e67d6f9b85e8deb25b4988682b7e174c65279d8788e3',
    kind: 'file',
    folder: 'silero_vad.onnx',
    files: ['silero_vad.onnx'],
  },
  asr: {
    name: 'whisper-base.en',
    url: `${RELEASES}/asr-models/sherpa-onnx-whisper-base.en.tar.bz2`,
    kind: 'tar.bz2',
    folder: 'sherpa-onnx-whisper-base.en',
    files: ['base.en-encoder.int8.onnx', 'base.en-decoder.int8.onnx', 'base.en-tokens.txt'],
  },
  segmentation: {
    name: 'pyannote-segmentation-3.0',
    url: `${RELEASES}/speaker-segmentation-models/sherpa-onnx-pyannote-segmentation-3-0.tar.bz2`,
    kind: 'tar.bz2',
    folder: 'sherpa-onnx-pyannote-segmentation-3-0',
    files: ['model.onnx'],
  },
  embedding: {
    name: 'titanet-small',
    url: `${RELEASES}/speaker-recongition-models/nemo_en_titanet_small.onnx`,
    kind: 'file',
    folder: 'nemo_en_titanet_small.onnx',
    files: ['nemo_en_titanet_small.onnx'],
  },
} as const satisfies Record<string, ModelSpec>;

export type NeuralModelRole = keyof typeof NEURAL_MODELS;

/** Where models live: `MEETSCRIBE_MODELS_DIR`, else the user's cache folder (XDG_CACHE_HOME or ~/.cache)/meetscribe/models. */
export function modelsDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MEETSCRIBE_MODELS_DIR) return path.resolve(env.MEETSCRIBE_MODELS_DIR);
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'meetscribe', 'models');
}

/** Absolute path of a model's file (single-file models) or of one file inside its folder. */
export function modelPath(dir: string, spec: ModelSpec, file: string): string {
  return spec.kind === 'file' ? path.join(dir, spec.folder) : path.join(dir, spec.folder, file);
}
