/**
 * A WhisperPool that starts its workers on the first piece and ends them after a quiet spell, so a
 * local edition that transcribes nothing never pays the model load (about 1–3 s and ~200 MB a worker).
 */
import { startWhisperPool, type WhisperPool } from './pool.js';

export interface LazyPoolOptions {
  /** Workers (sessions), i.e. cores used. */
  size: number;
  /** Milliseconds without work after which the workers are ended. @default 120000 */
  idleMs?: number;
  start?: typeof startWhisperPool;
}

export function lazyWhisperPool(modelFile: string, options: LazyPoolOptions): WhisperPool {
  const start = options.start ?? startWhisperPool;
  const idleMs = options.idleMs ?? 120_000;
  let pool: Promise<WhisperPool> | undefined;
  let busy = 0;
  let timer: NodeJS.Timeout | undefined;
  const closePool = async () => {
    const current = pool;
    pool = undefined;
    if (current) await current.then((p) => p.close(), () => undefined);
  };
  return {
    size: options.size,
    async recognize(samples, signal) {
      clearTimeout(timer);
      busy++;
      try {
        pool ??= start(modelFile, options.size).catch((error: Error) => { pool = undefined; throw error; });
        return await (await pool).recognize(samples, signal);
      } finally {
        if (--busy === 0) {
          timer = setTimeout(() => void closePool(), idleMs);
          timer.unref();
        }
      }
    },
    async release() {
      if (busy > 0) return;
      clearTimeout(timer);
      await closePool();
    },
    async close() {
      clearTimeout(timer);
      await closePool();
    },
  };
}
