import { MESSAGES } from '../../../functions/contracts/auth-users.js';
import { createJwtAuthenticator } from '../../../functions/adapters/auth/jwt-authenticator.js';
import { refreshAccess, signOut } from '../../../functions/core/accounts/refresh-access.js';
import { signIn } from '../../../functions/core/accounts/sign-in.js';
import { TooManyRequests, Unauthenticated, ValidationFailed } from '../../../functions/core/errors.js';
import { memoryWorld, userRecord, type MemoryWorld } from './in-memory.js';

const email = 'ada@example.com';

describe('signIn', () => {
  let world: MemoryWorld;
  beforeEach(async () => {
    world = memoryWorld();
    await world.users.create(userRecord({ id: 'ada', email, passwordHash: await world.hasher.hash('analytical1') }));
  });
  const attempt = (password: string, sourceIp = '203.0.113.9', username = email) => signIn(world, { username, password, sourceIp });

  it('returns an access and a refresh token for the right password', async () => {
    const pair = await attempt('analytical1');
    expect((await world.tokens.verify(pair.access, 'access')).sub).toBe('ada');
    expect((await world.tokens.verify(pair.refresh, 'refresh')).sub).toBe('ada');
  });

  it('answers the same non-field error for a wrong password, an unknown user and blanks', async () => {
    for (const call of [() => attempt('wrong-password'), () => attempt('analytical1', undefined, 'nobody@example.com'), () => attempt('')]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).body()).toEqual({ non_field_errors: [MESSAGES.invalidCredentials] });
    }
  });

  it('locks the account for a source after 5 failures in 15 minutes, even for the right password, with a retry hint', async () => {
    for (let i = 0; i < 5; i += 1) await expect(attempt('wrong-password')).rejects.toBeInstanceOf(ValidationFailed);
    const error = await attempt('analytical1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).body()).toEqual({ detail: 'Too many failed sign-in attempts. Please try again in 15 minutes.' });
    world.clock.advance(15 * 60);
    await expect(attempt('analytical1')).resolves.toHaveProperty('access');
  });

  it('clears the account count after a success', async () => {
    for (let i = 0; i < 4; i += 1) await expect(attempt('wrong-password')).rejects.toBeInstanceOf(ValidationFailed);
    await attempt('analytical1');
    for (let i = 0; i < 4; i += 1) await expect(attempt('wrong-password')).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt('analytical1')).resolves.toHaveProperty('access');
  });

  it('blocks a source address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) await expect(attempt('x-password', '192.0.2.1', `user${i}@example.com`)).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt('analytical1', '192.0.2.1')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(attempt('analytical1', '192.0.2.2')).resolves.toHaveProperty('access');
  });
});

describe('refreshAccess', () => {
  let world: MemoryWorld;
  beforeEach(async () => {
    world = memoryWorld();
    await world.users.create(userRecord({ id: 'ada', email, passwordHash: await world.hasher.hash('analytical1') }));
  });

  it('issues a new access token for a refresh token', async () => {
    const { refresh } = await signIn(world, { username: email, password: 'analytical1' });
    const { access } = await refreshAccess(world, refresh);
    expect((await world.tokens.verify(access, 'access')).sub).toBe('ada');
  });

  it('refuses an access token in place of a refresh token', async () => {
    const { access } = await signIn(world, { username: email, password: 'analytical1' });
    await expect(refreshAccess(world, access)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses a refresh token issued before the password changed', async () => {
    const { refresh } = await signIn(world, { username: email, password: 'analytical1' });
    await world.users.replacePassword('ada', await world.hasher.hash('another-one'));
    await expect(refreshAccess(world, refresh)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('refuses a refresh token of a deleted user and an expired one', async () => {
    const { refresh } = await signIn(world, { username: email, password: 'analytical1' });
    world.clock.advance(30 * 86_400);
    await expect(refreshAccess(world, refresh)).rejects.toBeInstanceOf(Unauthenticated);
    const fresh = await signIn(world, { username: email, password: 'analytical1' });
    world.users.byId.delete('ada');
    await expect(refreshAccess(world, fresh.refresh)).rejects.toBeInstanceOf(Unauthenticated);
  });
});

describe('signIn under a parallel burst (count before check)', () => {
  let world: MemoryWorld;
  beforeEach(async () => {
    world = memoryWorld();
    await world.users.create(userRecord({ id: 'ada', email, passwordHash: await world.hasher.hash('analytical1') }));
  });

  it('checks no more than 5 passwords from one source, even when 30 wrong and the right one arrive at once', async () => {
    let checks = 0;
    const hasher = { ...world.hasher, verify: (password: string, stored: string) => { checks += 1; return world.hasher.verify(password, stored); } };
    const guesses = [...Array.from({ length: 30 }, (_, i) => `wrong-${i}`), 'analytical1'];
    const results = await Promise.allSettled(guesses.map((password) => signIn({ ...world, hasher }, { username: email, password, sourceIp: '203.0.113.9' })));
    expect(checks).toBe(5);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof TooManyRequests)).toHaveLength(26);
    expect(results.at(-1)!.status).toBe('rejected');
  });

  it('does not let a single attacker lock the owner out from another address', async () => {
    for (let i = 0; i < 10; i += 1) await signIn(world, { username: email, password: 'wrong', sourceIp: '198.51.100.66' }).catch(() => undefined);
    await expect(signIn(world, { username: email, password: 'analytical1', sourceIp: '198.51.100.66' })).rejects.toBeInstanceOf(TooManyRequests);
    await expect(signIn(world, { username: email, password: 'analytical1', sourceIp: '203.0.113.9' })).resolves.toHaveProperty('access');
  });

  it('still limits a guessing attack spread over many addresses, account-wide', async () => {
    for (let i = 0; i < 50; i += 1) await signIn(world, { username: email, password: 'wrong', sourceIp: `10.0.${i}.1` }).catch(() => undefined);
    await expect(signIn(world, { username: email, password: 'analytical1', sourceIp: '203.0.113.9' })).rejects.toBeInstanceOf(TooManyRequests);
  });

  it('does not count successful sign-ins against the source address', async () => {
    for (let i = 0; i < 30; i += 1) await signIn(world, { username: email, password: 'analytical1', sourceIp: '192.0.2.50' });
  });
});

describe('token revocation and refresh rotation', () => {
  let world: MemoryWorld;
  const authenticator = () => createJwtAuthenticator(world.tokens, world.users.versions);
  beforeEach(async () => {
    world = memoryWorld();
    await world.users.create(userRecord({ id: 'ada', email, passwordHash: await world.hasher.hash('analytical1') }));
  });

  it('refuses an access token issued before a password change, a reset or a sign-out', async () => {
    for (const revoke of [
      () => world.users.replacePassword('ada', 'scrypt$other'),
      () => signOut(world, { userId: 'ada' }),
    ]) {
      const { access } = await signIn(world, { username: email, password: 'analytical1' }).catch(async () => {
        await world.users.replacePassword('ada', await world.hasher.hash('analytical1'));
        return signIn(world, { username: email, password: 'analytical1' });
      });
      await expect(authenticator().authenticate(access)).resolves.toEqual({ userId: 'ada', email });
      await revoke();
      await expect(authenticator().authenticate(access)).rejects.toBeInstanceOf(Unauthenticated);
    }
  });

  it('refuses an access token of a deleted user', async () => {
    const { access } = await signIn(world, { username: email, password: 'analytical1' });
    world.users.byId.delete('ada');
    await expect(authenticator().authenticate(access)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('rotates the refresh token: the new one works, the old one no longer does', async () => {
    const first = await signIn(world, { username: email, password: 'analytical1' });
    const second = await refreshAccess(world, first.refresh);
    expect(second.refresh).not.toBe(first.refresh);
    await expect(authenticator().authenticate(second.access)).resolves.toHaveProperty('userId', 'ada');
    const third = await refreshAccess(world, second.refresh);
    await expect(authenticator().authenticate(third.access)).resolves.toHaveProperty('userId', 'ada');
  });

  it('treats a reused refresh token as theft: the session and every token of the user are revoked', async () => {
    const first = await signIn(world, { username: email, password: 'analytical1' });
    const other = await signIn(world, { username: email, password: 'analytical1' });
    const rotated = await refreshAccess(world, first.refresh);
    await expect(refreshAccess(world, first.refresh)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(refreshAccess(world, rotated.refresh)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(authenticator().authenticate(rotated.access)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(refreshAccess(world, other.refresh)).rejects.toBeInstanceOf(Unauthenticated);
  });

  it('lets only one of two parallel refreshes of the same token win', async () => {
    const first = await signIn(world, { username: email, password: 'analytical1' });
    const results = await Promise.allSettled([refreshAccess(world, first.refresh), refreshAccess(world, first.refresh)]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
  });
});
