import { accessTokenFor, REFRESH_MARGIN_MS, ReauthorizationRequired } from '../../../functions/core/integrations/access-tokens.js';
import { InvalidGrant, type OAuthClient, type TokenSet } from '../../../functions/core/integrations/ports.js';
import { createTokenCipher } from '../../../functions/adapters/integrations/token-cipher.js';
import { clearCipher, memoryConnections, memoryFlags } from './memory-ports.js';

/** A provider that rotates: each refresh token works once and yields a new pair. */
function rotatingProvider(now: () => number) {
  const valid = new Set<string>(['r0']);
  let n = 0;
  const calls: string[] = [];
  const client: OAuthClient = {
    authorizeUrl: async () => 'unused',
    exchangeCode: async () => { throw new Error('unused'); },
    async refresh(token) {
      calls.push(token);
      await new Promise((r) => setTimeout(r, 5));
      if (!valid.delete(token)) throw new InvalidGrant('invalid_grant');
      n += 1;
      valid.add(`r${n}`);
      return { accessToken: `a${n}`, refreshToken: `r${n}`, expiresAt: now() + 3600_000, scope: '' };
    },
  };
  return { client, calls, valid };
}

describe('access tokens: refresh before expiry, atomic rotation, invalid_grant → reauthorization', () => {
  const now = 1_800_000_000_000;
  const clock = () => now;
  const setup = async (tokens: TokenSet) => {
    const connections = memoryConnections();
    const flags = memoryFlags();
    const provider = rotatingProvider(clock);
    await connections.put({ userId: 'u', service: 'zoom', sealedTokens: await clearCipher.seal(JSON.stringify(tokens)), tokenVersion: 1, needsReauthorization: false, settings: { autoShare: false, autoRecord: false }, connectedAt: '' });
    return { deps: { connections, cipher: clearCipher, flags, oauth: () => provider.client, clock }, connections, flags, provider };
  };

  it('uses the stored token while it is valid for longer than the margin', async () => {
    const { deps, provider } = await setup({ accessToken: 'a0', refreshToken: 'r0', expiresAt: now + REFRESH_MARGIN_MS + 1000, scope: '' });
    expect(await accessTokenFor(deps, 'u', 'zoom')).toBe('a0');
    expect(provider.calls).toEqual([]);
  });

  it('refreshes a token the provider refused although it is not due yet, and only while it is the stored one', async () => {
    const { deps, provider } = await setup({ accessToken: 'a0', refreshToken: 'r0', expiresAt: now + 3600_000, scope: '' });
    expect(await accessTokenFor(deps, 'u', 'zoom', 'a0')).toBe('a1');
    expect(await accessTokenFor(deps, 'u', 'zoom', 'a0')).toBe('a1');
    expect(provider.calls).toEqual(['r0']);
  });

  it('refreshes within the margin and stores the rotated refresh token', async () => {
    const { deps, connections } = await setup({ accessToken: 'a0', refreshToken: 'r0', expiresAt: now + 1000, scope: '' });
    expect(await accessTokenFor(deps, 'u', 'zoom')).toBe('a1');
    const stored = JSON.parse(await clearCipher.open((await connections.find('u', 'zoom'))!.sealedTokens!));
    expect(stored).toMatchObject({ accessToken: 'a1', refreshToken: 'r1' });
    expect((await connections.find('u', 'zoom'))!.tokenVersion).toBe(2);
  });

  it('two concurrent refreshes keep one rotation: the loser re-reads the winner, nobody is asked to reauthorize', async () => {
    const { deps, connections, provider } = await setup({ accessToken: 'a0', refreshToken: 'r0', expiresAt: now - 1, scope: '' });
    const [x, y] = await Promise.all([accessTokenFor(deps, 'u', 'zoom'), accessTokenFor(deps, 'u', 'zoom')]);
    expect([x, y]).toEqual(['a1', 'a1']);
    const c = (await connections.find('u', 'zoom'))!;
    expect(c.needsReauthorization).toBe(false);
    expect(JSON.parse(await clearCipher.open(c.sealedTokens!)).refreshToken).toBe('r1');
    expect(provider.valid.has('r1')).toBe(true);
  });

  it('an invalid_grant drops the tokens, flags the service for reauthorization and clears the token flag', async () => {
    const { deps, connections, flags, provider } = await setup({ accessToken: 'a0', refreshToken: 'revoked', expiresAt: now - 1, scope: '' });
    await expect(accessTokenFor(deps, 'u', 'zoom')).rejects.toBeInstanceOf(ReauthorizationRequired);
    const c = (await connections.find('u', 'zoom'))!;
    expect(c.needsReauthorization).toBe(true);
    expect(c.sealedTokens).toBeUndefined();
    expect(flags.flags.get('u')).toEqual({ zoom_refresh_token_exists: false });
    await expect(accessTokenFor(deps, 'u', 'zoom')).rejects.toBeInstanceOf(ReauthorizationRequired);
    expect(provider.calls).toEqual(['revoked']);
  });
});

describe('token cipher (envelope: per-value data key wrapped by the master key)', () => {
  it('round-trips, never shows the plaintext, and refuses a tampered value or another master key', async () => {
    const cipher = createTokenCipher(async () => 'master-secret-one');
    const sealed = await cipher.seal('{"accessToken":"very-secret"}');
    expect(sealed).not.toContain('very-secret');
    expect(await cipher.seal('{"accessToken":"very-secret"}')).not.toBe(sealed);
    expect(await cipher.open(sealed)).toBe('{"accessToken":"very-secret"}');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x'.repeat(20)).toString('base64url');
    await expect(cipher.open(parts.join('.'))).rejects.toThrow();
    await expect(createTokenCipher(async () => 'master-secret-two').open(sealed)).rejects.toThrow();
  });
});
