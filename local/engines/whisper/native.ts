/**
 * Which runtime runs the carried Whisper graph: onnxruntime-web (WebAssembly, the default) or, when
 * `MEETSCRIBE_WHISPER_RUNTIME=native` asks for it, onnxruntime-node where its native library loads. Native is opt-in
 * until the native heap corruption seen in CI runs of the integration suite ("malloc(): unaligned tcache chunk
 * detected", once an abort from a Napi::Error) is understood (docs/speech.md).
 */
import { prepareNativeGraph } from './native-graph.js';
import { loadNativeRuntime } from './native-session.js';
import { startWhisperPool, type WhisperPool } from './pool.js';

export type WhisperRuntime = 'native' | 'wasm';
type Log = (message: string, extra?: Record<string, unknown>) => void;

/**
 * The runtime to use: `MEETSCRIBE_WHISPER_RUNTIME` (`native` or `wasm`; anything else is logged and ignored), wasm
 * by default; native falls back to wasm, with the reason logged, when onnxruntime-node cannot be loaded (`load`).
 */
export async function chooseWhisperRuntime(env: NodeJS.ProcessEnv, log: Log, load: () => Promise<unknown> = loadNativeRuntime): Promise<WhisperRuntime> {
  const asked = env.MEETSCRIBE_WHISPER_RUNTIME;
  if (asked === undefined || asked === '' || asked === 'wasm') return 'wasm';
  if (asked !== 'native') {
    log('MEETSCRIBE_WHISPER_RUNTIME must be "native" or "wasm"; using the default (wasm)', { value: asked });
    return 'wasm';
  }
  try {
    await load();
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
  /** Workers of the WebAssembly pool taken when the native one cannot start. */
  wasmSize: number;
  log: Log;
  /** Loads onnxruntime-node in this (main) thread first (see loadNativeRuntime). */
  load?: () => Promise<unknown>;
  prepare?: typeof prepareNativeGraph;
  start?: typeof startWhisperPool;
}

/**
 * A pool starter for lazyWhisperPool: rewrites (or finds cached) the native graph and starts `size` native sessions;
 * when that fails (graph not rewritable, session not loadable) logs why and starts the WebAssembly pool instead.
 */
export function nativeWhisperStarter(options: NativeStartOptions): (modelFile: string, size: number) => Promise<WhisperPool> {
  const prepare = options.prepare ?? prepareNativeGraph;
  const start = options.start ?? startWhisperPool;
  return async (modelFile, size) => {
    try {
      await (options.load ?? loadNativeRuntime)();
      const graph = await prepare(options.sourceFile, options.sourceSha256, options.cacheDir);
      return await start(graph.modelFile, size, { runtime: 'native', tables: graph.tables, threads: options.threads });
    } catch (error) {
      options.log('Native Whisper could not start; using WebAssembly', { reason: (error as Error).message });
      return start(modelFile, options.wasmSize);
    }
  };
}
