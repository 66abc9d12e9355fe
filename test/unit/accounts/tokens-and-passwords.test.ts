import { signJwt } from '../../../functions/core/auth/jwt.js';
import { createScryptHasher, DEFAULT_SCRYPT } from '../../../functions/core/auth/passwords.js';
import { ACCESS_TOKEN_SECONDS, createTokenService } from '../../../functions/core/auth/tokens.js';
import { Unauthenticated } from '../../../functions/core/errors.js';
import { TestClock } from './in-memory.js';

const subject = { id: 'u1', email: 'ada@example.com', tokenVersion: 0 };
const key = Buffer.alloc(64, 1);

describe('createScryptHasher', () => {
  const hasher = createScryptHasher({ N: 2 ** 10, r: 8, p: 1 });

  it('verifies the password it hashed and rejects another', async () => {
    const stored = await hasher.hash('correct horse');
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
  });

  it('salts every hash, so equal passwords hash differently', async () => {
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('returns false for a malformed stored hash', async () => {
    expect(await hasher.verify('x', 'md5$abc')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$0$8$1$AA==$AA==')).toBe(false);
  });

  it('hashes with the documented default costs', async () => {
    const stored = await createScryptHasher().hash('password1');
    expect(stored.startsWith(`scrypt$${DEFAULT_SCRYPT.N}$8$1$`)).toBe(true);
    expect(await createScryptHasher({ N: 2 ** 10, r: 8, p: 1 }).verify('password1', stored)).toBe(true);
  });
});

describe('createTokenService', () => {
  const clock = new TestClock();
  const tokens = createTokenService({ signingKey: async () => key, now: clock.now });

  it('issues an access token that verifies as access with the user as subject', async () => {
    const { access } = await tokens.issuePair(subject);
    const claims = await tokens.verify(access, 'access');
    expect(claims).toMatchObject({ sub: 'u1', email: 'ada@example.com', typ: 'access', ver: 0 });
    expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_SECONDS);
  });

  it('refuses a refresh token presented as an access token, and the reverse', async () => {
    const { access, refresh } = await tokens.issuePair(subject);
    await expect(tokens.verify(refresh, 'access')).rejects.toBeInstanceOf(Unauthenticated);
    await expect(tokens.verify(access, 'refresh')).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses a token signed with another key', async () => {
    const forger = createTokenService({ signingKey: async () => Buffer.alloc(64, 2), now: clock.now });
    const { access } = await forger.issuePair(subject);
    await expect(tokens.verify(access, 'access')).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses a token whose payload was edited after signing', async () => {
    const { access } = await tokens.issuePair(subject);
    const [header, payload, signature] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await expect(tokens.verify(`${header}.${edited}.${signature}`, 'access')).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses an unsigned token with alg none', async () => {
    const { access } = await tokens.issuePair(subject);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    await expect(tokens.verify(`${none}.${access.split('.')[1]}.`, 'access')).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses an expired token', async () => {
    const local = new TestClock();
    const service = createTokenService({ signingKey: async () => key, now: local.now });
    const { access } = await service.issuePair(subject);
    local.advance(ACCESS_TOKEN_SECONDS);
    await expect(service.verify(access, 'access')).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses garbage and a well-signed token with missing claims', async () => {
    await expect(tokens.verify('not-a-token', 'access')).rejects.toBeInstanceOf(Unauthenticated);
    const partial = signJwt({ sub: 'u1' } as never, key);
    await expect(tokens.verify(partial, 'access')).rejects.toBeInstanceOf(Unauthenticated);
  });
});
