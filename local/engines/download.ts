import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { run } from './audio.js';
import { modelPath, type ModelSpec } from './models.js';

export type Progress = (message: string) => void;

/** True when every file the model needs is on disk (a half-unpacked archive never counts). */
export async function modelPresent(dir: string, spec: ModelSpec): Promise<boolean> {
  for (const file of spec.files) {
    try {
      await access(modelPath(dir, spec, file));
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Makes sure `spec` is in `dir`, downloading it if needed: the bytes go to a `.part` file with the
 * SHA-256 computed on the way, are checked against the pinned sum (or the sum recorded at the first
 * download), and only then are moved or unpacked into place (archives unpack into a temporary folder
 * that is renamed when complete). Throws on HTTP errors, checksum mismatch or a broken archive, leaving
 * nothing usable behind.
 */
export async function ensureModel(dir: string, spec: ModelSpec, options: { progress?: Progress; fetch?: typeof fetch } = {}): Promise<void> {
  if (await modelPresent(dir, spec)) return;
  const progress = options.progress ?? (() => undefined);
  await mkdir(dir, { recursive: true });
  const archiveName = path.basename(new URL(spec.url).pathname);
  const part = path.join(dir, `${archiveName}.part`);
  await rm(part, { force: true });
  progress(`Downloading ${spec.name} from ${spec.url}`);
  const response = await (options.fetch ?? fetch)(spec.url, { redirect: 'follow' });
  if (!response.ok || !response.body) throw new Error(`Download of ${spec.name} failed: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length') ?? 0);
  const hash = createHash('sha256');
  const out = createWriteStream(part);
  let received = 0;
  let reported = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      const percent = total ? Math.floor((received / total) * 10) * 10 : 0;
      if (total && percent > reported) { reported = percent; progress(`${spec.name}: ${percent}% of ${(total / 1e6).toFixed(1)} MB`); }
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    if (total && received !== total) throw new Error(`Download of ${spec.name} was cut short (${received} of ${total} bytes)`);
    const digest = hash.digest('hex');
    const expected = spec.sha256 ?? (await recordedSum(dir, spec));
    if (expected && expected !== digest) throw new Error(`Checksum mismatch for ${spec.name}: expected ${expected}, got ${digest}`);
    if (!expected) {
      progress(`${spec.name}: no pinned checksum; recorded ${digest} for later checks`);
      await writeFile(sumFile(dir, spec), `${digest}\n`);
    }
    if (spec.kind === 'file') {
      await rename(part, path.join(dir, spec.folder));
    } else {
      await unpack(part, dir, spec);
    }
    progress(`${spec.name}: ready`);
  } catch (error) {
    out.destroy();
    throw error;
  } finally {
    await rm(part, { force: true });
  }
  if (!(await modelPresent(dir, spec))) throw new Error(`${spec.name}: the archive did not contain ${spec.files.join(', ')}`);
}

async function unpack(archive: string, dir: string, spec: ModelSpec): Promise<void> {
  const staging = path.join(dir, `.unpack-${spec.folder}-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const { code, stderr } = await run('tar', ['-xjf', archive, '-C', staging]);
    if (code !== 0) throw new Error(`Could not unpack ${spec.name}: ${stderr.trim()}`);
    const target = path.join(dir, spec.folder);
    await rm(target, { recursive: true, force: true });
    await rename(path.join(staging, spec.folder), target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function sumFile(dir: string, spec: ModelSpec): string {
  return path.join(dir, `${spec.folder}.sha256`);
}

async function recordedSum(dir: string, spec: ModelSpec): Promise<string | undefined> {
  try {
    return (await readFile(sumFile(dir, spec), 'utf8')).trim() || undefined;
  } catch {
    return undefined;
  }
}
