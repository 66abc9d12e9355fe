import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Hashes and checks passwords. Stored form: `scrypt$N$r$p$salt$hash` (salt and hash base64). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export interface ScryptParameters { readonly N: number; readonly r: number; readonly p: number }

/** OWASP's scrypt baseline (2^15, 8, 1): ~32 MiB and a few tens of ms per hash on one core. */
export const DEFAULT_SCRYPT: ScryptParameters = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is exactly 128*N*r for the baseline, which scrypt refuses: allow headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Creates a scrypt hasher with a fresh random salt per hash. `verify` reads the parameters from the
 * stored string, so hashes made with other costs keep working; it returns false for a malformed hash.
 */
export function createScryptHasher(parameters: ScryptParameters = DEFAULT_SCRYPT): PasswordHasher {
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, parameters);
      const { N, r, p } = parameters;
      return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
    },
    async verify(password, stored) {
      const parts = stored.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number);
      if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
      const expected = Buffer.from(parts[5], 'base64');
      const actual = await derive(password, Buffer.from(parts[4], 'base64'), { N, r, p });
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
