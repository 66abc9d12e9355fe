import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureModel, modelPresent } from '../../../local/engines/download.js';
import { modelsDir, NEURAL_MODELS, type ModelSpec } from '../../../local/engines/models.js';
import { NO_ENGINE_MESSAGE, selectEngine } from '../../../local/engines/select.js';
import { SILERO_VAD_NPM, WHISPER_TINY_EN } from '../../../local/engines/whisper/carrier.js';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('model download', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const files = new Map<string, Buffer>();
  const truncated = new Set<string>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'models-test-'));
    // A real .tar.bz2 holding a model folder, made with the system tar.
    const source = path.join(dir, 'src');
    await mkdir(path.join(source, 'demo-model'), { recursive: true });
    await writeFile(path.join(source, 'demo-model', 'model.onnx'), 'not really onnx');
    await writeFile(path.join(source, 'demo-model', 'tokens.txt'), 'a 0\n');
    execFileSync('tar', ['-cjf', path.join(dir, 'demo-model.tar.bz2'), '-C', source, 'demo-model']);
    files.set('/demo-model.tar.bz2', await readFile(path.join(dir, 'demo-model.tar.bz2')));
    files.set('/single.onnx', Buffer.from('single file model'));
    files.set('/cut.onnx', Buffer.alloc(100_000, 7));
    truncated.add('/cut.onnx');
    server = http.createServer((req, res) => {
      const body = files.get(req.url ?? '');
      if (!body) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-length': String(body.length) });
      if (truncated.has(req.url!)) { res.write(body.subarray(0, 1000)); res.destroy(); return; }
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const archiveSpec = (sum: string | undefined): ModelSpec => ({
    name: 'demo', url: `${base}/demo-model.tar.bz2`, sha256: sum, kind: 'tar.bz2', folder: 'demo-model', files: ['model.onnx', 'tokens.txt'],
  });

  it('downloads, checks and unpacks a .tar.bz2 model, reporting progress', async () => {
    const target = path.join(dir, 'ok');
    const messages: string[] = [];
    const spec = archiveSpec(sha256(files.get('/demo-model.tar.bz2')!));

    await ensureModel(target, spec, { progress: (m) => messages.push(m) });

    expect(await modelPresent(target, spec)).toBe(true);
    expect(await readFile(path.join(target, 'demo-model', 'tokens.txt'), 'utf8')).toBe('a 0\n');
    expect(messages[0]).toContain(`Downloading demo from ${base}/demo-model.tar.bz2`);
    expect(messages).toContain('demo: 100% of 0.0 MB');
    expect((await readdir(target)).sort()).toEqual(['demo-model']);
  });

  it('rejects a download whose checksum does not match and keeps nothing', async () => {
    const target = path.join(dir, 'bad-sum');
    const spec = archiveSpec('f'.repeat(64));

    await expect(ensureModel(target, spec)).rejects.toThrow(/Checksum mismatch for demo/);

    expect(await modelPresent(target, spec)).toBe(false);
    expect(await readdir(target)).toEqual([]);
  });

  it('does not use a download that was cut short', async () => {
    const target = path.join(dir, 'cut');
    const spec: ModelSpec = { name: 'cut', url: `${base}/cut.onnx`, kind: 'file', folder: 'cut.onnx', files: ['cut.onnx'] };

    await expect(ensureModel(target, spec)).rejects.toThrow();

    expect(await modelPresent(target, spec)).toBe(false);
    expect(await readdir(target)).toEqual([]);
  });

  it('records the checksum of an unpinned model and refuses a different file later', async () => {
    const target = path.join(dir, 'tofu');
    const spec: ModelSpec = { name: 'single', url: `${base}/single.onnx`, kind: 'file', folder: 'single.onnx', files: ['single.onnx'] };
    await ensureModel(target, spec);
    expect((await readFile(path.join(target, 'single.onnx.sha256'), 'utf8')).trim()).toBe(sha256(files.get('/single.onnx')!));

    await rm(path.join(target, 'single.onnx'));
    files.set('/single.onnx', Buffer.from('a different file'));

    await expect(ensureModel(target, spec)).rejects.toThrow(/Checksum mismatch/);
  });

  it('fails on an HTTP error', async () => {
    const spec: ModelSpec = { name: 'gone', url: `${base}/missing.onnx`, kind: 'file', folder: 'missing.onnx', files: ['missing.onnx'] };
    await expect(ensureModel(path.join(dir, 'gone'), spec)).rejects.toThrow('Download of gone failed: HTTP 404');
  });

  it('selectEngine downloads the neural set when nothing else exists (no usable Whisper from npm, no pocketsphinx), then refuses models that do not load', async () => {
    // Archives and files named like the real set, served locally; their contents are not real models.
    const served: Record<string, ModelSpec> = {};
    for (const [role, real] of Object.entries(NEURAL_MODELS) as Array<[string, ModelSpec]>) {
      const source = path.join(dir, `src-${role}`);
      let body: Buffer;
      if (real.kind === 'tar.bz2') {
        await mkdir(path.join(source, real.folder), { recursive: true });
        for (const f of real.files) await writeFile(path.join(source, real.folder, f), `fake ${f}`);
        execFileSync('tar', ['-cjf', path.join(dir, `${role}.tar.bz2`), '-C', source, real.folder]);
        body = await readFile(path.join(dir, `${role}.tar.bz2`));
      } else {
        body = Buffer.from(`fake ${real.folder}`);
      }
      files.set(`/${role}`, body);
      served[role] = { ...real, url: `${base}/${role}`, sha256: sha256(body) };
    }
    const env = { PATH: '/nonexistent', MEETSCRIBE_POCKETSPHINX_MODEL: path.join(dir, 'no-pocketsphinx'), MEETSCRIBE_MODELS_DIR: path.join(dir, 'set') };
    const logs: Array<{ message: string; extra?: Record<string, unknown> }> = [];

    // Whisper's carrier as on a machine where its file was damaged: the pinned checksum does not match.
    const carried = { whisper: { ...WHISPER_TINY_EN, sha256: '0'.repeat(64) }, vad: SILERO_VAD_NPM };
    const engine = await selectEngine({ env, models: served, carried, log: (message, extra) => logs.push({ message, extra }), concurrency: 1 });

    for (const spec of Object.values(served)) expect(await modelPresent(modelsDir(env), spec)).toBe(true);
    expect(logs.some((l) => l.message === '[models] whisper-base.en: ready')).toBe(true);
    expect(logs.some((l) => l.message === 'Could not load the neural models')).toBe(true);
    expect(engine.name).toBe('none');
    await expect(engine.transcribe('/any.wav', { maxSpeakers: 1 })).rejects.toThrow(NO_ENGINE_MESSAGE);
  }, 60_000);

  it('selectEngine picks pocketsphinx when it is installed and neither neural models nor Whisper from npm are usable', async () => {
    const carried = { whisper: { ...WHISPER_TINY_EN, version: '0.0.0-not-installed' }, vad: SILERO_VAD_NPM };
    const engine = await selectEngine({ env: { PATH: process.env.PATH, MEETSCRIBE_MODELS_DIR: path.join(dir, 'empty'), MEETSCRIBE_MODEL_DOWNLOAD: '0' }, carried });
    expect(engine.name).toMatch(/^pocketsphinx/);
  });
});

describe('modelsDir', () => {
  it('uses MEETSCRIBE_MODELS_DIR, else the user cache folder', () => {
    expect(modelsDir({ MEETSCRIBE_MODELS_DIR: '/m' })).toBe('/m');
    expect(modelsDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/meetscribe/models');
  });
});
