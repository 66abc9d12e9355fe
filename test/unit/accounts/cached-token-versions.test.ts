import { cachedTokenVersions, TOKEN_VERSION_TTL_MS } from '../../../functions/adapters/auth/cached-token-versions.js';

describe('cachedTokenVersions (issue #19: the token-version read of every bearer call, remembered briefly)', () => {
  const source = () => {
    const versions = new Map<string, number>([['u1', 0]]);
    const reads: string[] = [];
    return { versions, reads, current: async (id: string) => { reads.push(id); return versions.get(id); } };
  };

  it('reads a user once per TTL, and refuses a revoked version once the TTL has passed', async () => {
    let now = 0;
    const s = source();
    const cached = cachedTokenVersions(s, TOKEN_VERSION_TTL_MS, () => now);
    expect(await Promise.all([cached.current('u1'), cached.current('u1'), cached.current('u1')])).toEqual([0, 0, 0]);
    expect(s.reads).toEqual(['u1']);
    s.versions.set('u1', 1); // revoked
    now = TOKEN_VERSION_TTL_MS - 1;
    expect(await cached.current('u1')).toBe(0);
    now = TOKEN_VERSION_TTL_MS;
    expect(await cached.current('u1')).toBe(1);
    expect(s.reads).toEqual(['u1', 'u1']);
    expect(TOKEN_VERSION_TTL_MS).toBeLessThanOrEqual(1_000);
  });

  it('does not remember a failed read', async () => {
    let fail = true;
    const cached = cachedTokenVersions({ current: async () => { if (fail) throw new Error('throttled'); return 3; } }, 1_000, () => 0);
    await expect(cached.current('u1')).rejects.toThrow('throttled');
    fail = false;
    expect(await cached.current('u1')).toBe(3);
  });
});
