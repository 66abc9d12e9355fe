import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredSecret { readonly value: string; readonly versionId: string; /** epoch s */ readonly createdAt: number }

/**
 * Loads `${dataDir}/secrets.json`, adds a random 64-byte base64 value for every named secret that has
 * none yet, and writes the file back (atomically, mode 0600) when it added any. Values are kept across restarts.
 * Throws if the file exists but is not valid JSON.
 */
export async function loadSecrets(dataDir: string, names: readonly string[], fixed: Readonly<Record<string, string>> = {}): Promise<ReadonlyMap<string,
  StoredSecret>> {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Record<string, StoredSecret> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')).secrets ?? {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const missing = names.filter((name) => !stored[name] && fixed[name] === undefined);
  for (const name of missing) {
    stored[name] = { value: randomBytes(64).toString('base64'), versionId: randomUUID(), createdAt: Math.floor(Date.now() / 1000) };
  }
  // Fixed values (e.g. the local test servers' client secrets) replace stored ones when they differ.
  const changed = Object.entries(fixed).filter(([name, value]) => stored[name]?.value !== value);
  for (const [name, value] of changed) stored[name] = { value, versionId: randomUUID(), createdAt: Math.floor(Date.now() / 1000) };
  if (missing.length > 0 || changed.length > 0) {
    await mkdir(dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify({ secrets: stored }, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, file);
  }
  return new Map(Object.entries(stored));
}
