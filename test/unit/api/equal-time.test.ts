import { equalTime } from '../../../functions/api/http/equal-time.js';

describe('equalTime (issue #19: enumeration by response time)', () => {
  it('answers a fast and a slow path, and a failure, no earlier than the floor', async () => {
    for (const work of [async () => 'fast', () => new Promise((r) => setTimeout(() => r('slow'), 30)), async () => { throw new Error('no'); }]) {
      const started = performance.now();
      await equalTime(60, work as () => Promise<unknown>).catch(() => undefined);
      expect(performance.now() - started).toBeGreaterThanOrEqual(60);
    }
  });

  it('passes the result and the error through', async () => {
    await expect(equalTime(1, async () => 42)).resolves.toBe(42);
    await expect(equalTime(1, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
  });
});
