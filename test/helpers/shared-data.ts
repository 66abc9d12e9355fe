/** Where tests and scripts find the project and the shared data beside it (never copied into the project). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The recorded fixtures: MEETSCRIBE_FIXTURES_DIR, else ../shared/fixtures beside the project. */
export const FIXTURES_DIR = path.resolve(process.env.MEETSCRIBE_FIXTURES_DIR ?? path.join(PROJECT_ROOT, '..', 'shared', 'fixtures'));

/** The shared model files (../shared/models beside the project). */
export const SHARED_MODELS_DIR = path.join(PROJECT_ROOT, '..', 'shared', 'models');
