/**
 * Which runtime runs the carried Whisper graph: onnxruntime-node in child processes (native-process.ts), or
 * onnxruntime-web (WebAssembly) in worker threads, chosen by `MEETSCRIBE_WHISPER_RUNTIME` (docs/speech.md).
 */
import { createRequire } from 'node:module';
import { prepareNativeGraph } from './native-graph.js';
import { NativeWhisperCrash, startNativeWhisperPool } from './native-process.js';
import { startWhisperPool, type WhisperPool } from './pool.js';

export type WhisperRuntime = 'native' | 'wasm';
type Log = (message: string, extra?: Record<string, unknown>) => void;

/** The runtime taken when MEETSCRIBE_WHISPER_RUNTIME is unset: native, since its sessions run in child processes (docs/speech.md). */
export const DEFAULT_WHISPER_RUNTIME: WhisperRuntime = 'native';

/**
 * Where onnxruntime-node is installed; rejects when it is not. It is not loaded here: only the native Whisper
 * processes load it (a load failure there is logged at the first transcription, and WebAssembly takes over).
 */
export async function findNativeRuntime(): Promise<string> {
  return createRequire(import.meta.url).resolve('onnxruntime-node');
}

/**
 * The runtime to use: `MEETSCRIBE_WHISPER_RUNTIME` (`native` or `wasm`; anything else is logged and ignored),
 * DEFAULT_WHISPER_RUNTIME when unset; native falls back to wasm, with the reason logged, when onnxruntime-node is not
 * installed (`find`).
 */
export async function chooseWhisperRuntime(env: NodeJS.ProcessEnv, log: Log, find: () => Promise<unknown> = findNativeRuntime): Promise<WhisperRuntime> {
  const raw = env.MEETSCRIBE_WHISPER_RUNTIME;
  const asked = raw === undefined || raw === '' ? DEFAULT_WHISPER_RUNTIME : raw;
  if (asked === 'wasm') return 'wasm';
  if (asked !== 'native') {
    log(`MEETSCRIBE_WHISPER_RUNTIME must be "native" or "wasm"; using the default (${DEFAULT_WHISPER_RUNTIME})`, { value: raw });
    return chooseWhisperRuntime({ ...env, MEETSCRIBE_WHISPER_RUNTIME: '' }, log, find);
  }
  try {
    await find();
    return 'native';
  } catch (error) {
    log('onnxruntime-node cannot be loaded here; Whisper runs on WebAssembly', { reason: (error as Error).message });
    return 'wasm';
  }
}

export interface NativeStartOptions {
  /** The carried graph (checked by carrier.ts) and its pinned SHA-256. */
  sourceFile: string;
  sourceSha256: string;
  /** Where the rewritten graph is cached (the models folder). */
  cacheDir: string;
  /** Intra-op threads of each native session. */
  threads: number;
  /** Workers of the WebAssembly pool taken when the native one cannot start, or a native process dies. */
  wasmSize: number;
  log: Log;
  prepare?: typeof prepareNativeGraph;
  startNative?: typeof startNativeWhisperPool;
  startWasm?: typeof startWhisperPool;
}

/**
 * A pool starter for lazyWhisperPool: rewrites (or finds cached) the native graph and starts `size` native processes;
 * when that fails (graph not rewritable, onnxruntime-node or a session not loadable) logs why and starts the
 * WebAssembly pool instead. A piece whose native process dies is retried on a WebAssembly pool (started then, kept
 * until the pool closes), and the log says so.
 */
export function nativeWhisperStarter(options: NativeStartOptions): (modelFile: string, size: number) => Promise<WhisperPool> {
  const prepare = options.prepare ?? prepareNativeGraph;
  const startNative = options.startNative ?? startNativeWhisperPool;
  const startWasm = options.startWasm ?? startWhisperPool;
  return async (modelFile, size) => {
    let native: WhisperPool;
    try {
      const graph = await prepare(options.sourceFile, options.sourceSha256, options.cacheDir);
      native = await startNative(graph.modelFile, graph.tables, size, { threads: options.threads });
    } catch (error) {
      options.log('Native Whisper could not start; using WebAssembly', { reason: (error as Error).message });
      return startWasm(modelFile, options.wasmSize);
    }
    return withWasmRetry(native, () => startWasm(modelFile, options.wasmSize), options.log);
  };
}

/** `native`, with every piece that fails with NativeWhisperCrash recognised again on the pool `startWasm` starts (once). */
export function withWasmRetry(native: WhisperPool, startWasm: () => Promise<WhisperPool>, log: Log): WhisperPool {
  let wasm: Promise<WhisperPool> | undefined;
  return {
    size: native.size,
    async recognize(samples, signal) {
      try {
        return await native.recognize(samples, signal);
      } catch (error) {
        if (!(error instanceof NativeWhisperCrash)) throw error;
        log('Native Whisper failed on a piece; retrying it on WebAssembly', { reason: error.message, seconds: Math.round(samples.length / 1600) / 10 });
        wasm ??= startWasm();
        return (await wasm).recognize(samples, signal);
      }
    },
    async close() {
      await Promise.all([native.close(), wasm?.then((p) => p.close(), () => undefined)]);
    },
  };
}
