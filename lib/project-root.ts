import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file's location so synth works from any working directory. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Absolute path of a file given relative to the project root, as the shared definitions do. */
export function projectPath(relativePath: string): string {
  if (path.isAbsolute(relativePath)) {
    throw new Error(`Expected a path relative to the project root, got ${relativePath}.`);
  }
  return path.join(PROJECT_ROOT, relativePath);
}
