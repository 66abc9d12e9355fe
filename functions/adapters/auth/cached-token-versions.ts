import type { TokenVersions } from '../../core/accounts/ports.js';

/** How long a warm container trusts a token version it read (issue #19: one read per user per second, not per call). */
export const TOKEN_VERSION_TTL_MS = 1_000;
const MAX_USERS = 10_000;

/**
 * Token versions remembered per container for `ttlMs` after each read (also "user gone"). The promise: a token
 * revoked by a password change, reset, sign-out or refresh reuse is refused by every container at most `ttlMs`
 * after the revocation (the accounts context itself reads uncached, so it refuses at once). Concurrent misses
 * for one user share one read. Bounded: past MAX_USERS entries the memory is cleared.
 */
export function cachedTokenVersions(source: TokenVersions, ttlMs = TOKEN_VERSION_TTL_MS, now: () => number = () => performance.now()): TokenVersions {
  const remembered = new Map<string, { at: number; version: Promise<number | undefined> }>();
  return {
    current(userId) {
      const at = now();
      const hit = remembered.get(userId);
      if (hit && at - hit.at < ttlMs) return hit.version;
      if (remembered.size >= MAX_USERS) remembered.clear();
      const version = source.current(userId);
      remembered.set(userId, { at, version });
      // A failed read is not remembered.
      version.catch(() => { if (remembered.get(userId)?.version === version) remembered.delete(userId); });
      return version;
    },
  };
}
