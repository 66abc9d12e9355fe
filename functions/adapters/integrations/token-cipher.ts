/**
 * Envelope encryption of provider tokens at rest: each sealed value has its own random 256-bit data key
 * (AES-256-GCM), and that data key is wrapped (AES-256-GCM) by a master key. The master key is derived
 * (HKDF-SHA256) from a Secrets Manager secret, which Secrets Manager itself keeps encrypted under KMS in the
 * cloud and the local edition keeps in its own secrets store. Format: `v1.{wrappedKey}.{iv}.{ciphertext}.{tag}` (base64url).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TokenCipher } from '../../core/integrations/ports.js';

function encrypt(key: Buffer, plaintext: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, ciphertext, tag: cipher.getAuthTag() };
}

function decrypt(key: Buffer, iv: Buffer, ciphertext: Buffer, tag: Buffer) {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

const b = (x: Buffer) => x.toString('base64url');
const u = (x: string) => Buffer.from(x, 'base64url');

/** A cipher whose master key is derived from `secret()` (read once). Throws on a tampered or foreign value. */
export function createTokenCipher(secret: () => Promise<string>): TokenCipher {
  let master: Promise<Buffer> | undefined;
  const masterKey = () => (master ??= secret().then((s) => Buffer.from(hkdfSync('sha256', Buffer.from(s, 'utf8'), Buffer.alloc(0),
    'meetscribe/integration-tokens/v1', 32))));
  return {
    async seal(plaintext) {
      const dataKey = randomBytes(32);
      const wrapped = encrypt(await masterKey(), dataKey);
      const body = encrypt(dataKey, Buffer.from(plaintext, 'utf8'));
      return ['v1', b(Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext])), b(body.iv), b(body.ciphertext), b(body.tag)].join('.');
    },
    async open(sealed) {
      const [version, wrapped, iv, ciphertext, tag] = sealed.split('.');
      if (version !== 'v1' || !tag) throw new Error('Not a sealed token value');
      const w = u(wrapped);
      const dataKey = decrypt(await masterKey(), w.subarray(0, 12), w.subarray(28), w.subarray(12, 28));
      return decrypt(dataKey, u(iv), u(ciphertext), u(tag)).toString('utf8');
    },
  };
}
