/**
 * The lazy Whisper pool (lazy.ts): started on the first piece, and let go at once by release() when nothing is queued
 * or decoding (issue 36: the idle native processes, ~420 MB each, are not kept while the diarizer finishes a long
 * recording), never while a piece is under way.
 */
import { lazyWhisperPool } from '../../../local/engines/whisper/lazy.js';
import type { WhisperPool } from '../../../local/engines/whisper/pool.js';

/** A pool whose pieces finish when the test says so, counting starts and closes. */
function fakeStarter() {
  const counts = { started: 0, closed: 0 };
  const pending: Array<() => void> = [];
  const start = async (): Promise<WhisperPool> => {
    counts.started++;
    return {
      size: 1,
      recognize: () => new Promise((resolve) => pending.push(() => resolve({ text: 'words' }))),
      close: async () => { counts.closed++; },
    };
  };
  return { counts, pending, start };
}

describe('lazyWhisperPool.release', () => {
  it('ends the idle pool at once, and the next piece starts a new one', async () => {
    const fake = fakeStarter();
    const pool = lazyWhisperPool('model.onnx', { size: 1, start: fake.start });
    const piece = pool.recognize(new Float32Array(16));
    await new Promise((r) => setImmediate(r));
    fake.pending.shift()!();
    await expect(piece).resolves.toEqual({ text: 'words' });
    expect(fake.counts).toEqual({ started: 1, closed: 0 });
    await pool.release!();
    expect(fake.counts).toEqual({ started: 1, closed: 1 });
    const again = pool.recognize(new Float32Array(16));
    await new Promise((r) => setImmediate(r));
    expect(fake.counts.started).toBe(2);
    fake.pending.shift()!();
    await again;
    await pool.close();
  });

  it('keeps the pool while a piece is under way', async () => {
    const fake = fakeStarter();
    const pool = lazyWhisperPool('model.onnx', { size: 1, start: fake.start });
    const piece = pool.recognize(new Float32Array(16));
    await new Promise((r) => setImmediate(r));
    await pool.release!();
    expect(fake.counts.closed).toBe(0);
    fake.pending.shift()!();
    await piece;
    await pool.close();
    expect(fake.counts.closed).toBe(1);
  });
});
