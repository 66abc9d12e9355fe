import { createJwtAuthenticator } from '../../../functions/adapters/auth/jwt-authenticator.js';
import { cachedSecretString } from '../../../functions/adapters/secrets/secret-value.js';
import { createTokenService } from '../../../functions/core/auth/tokens.js';
import { Unauthenticated } from '../../../functions/core/errors.js';

describe('createJwtAuthenticator', () => {
  const tokens = createTokenService({ signingKey: async () => Buffer.alloc(64, 3) });
  const authenticator = createJwtAuthenticator(tokens);

  it('turns an access token into the principal', async () => {
    const { access } = await tokens.issuePair({ id: 'u9', email: 'u9@example.com', tokenVersion: 2 });
    expect(await authenticator.authenticate(access)).toEqual({ userId: 'u9', email: 'u9@example.com' });
  });

  it('rejects a refresh token', async () => {
    const { refresh } = await tokens.issuePair({ id: 'u9', email: 'u9@example.com', tokenVersion: 2 });
    await expect(authenticator.authenticate(refresh)).rejects.toBeInstanceOf(Unauthenticated);
  });
});

describe('cachedSecretString', () => {
  it('reads the secret once, and again only after a failed read', async () => {
    const answers: Array<() => Promise<unknown>> = [
      async () => { throw new Error('throttled'); },
      async () => ({ SecretString: 'k'.repeat(40) }),
    ];
    let calls = 0;
    const client = { send: async () => answers[Math.min(calls++, answers.length - 1)]() };
    const read = cachedSecretString(client as never, 'id');
    await expect(read()).rejects.toThrow('throttled');
    expect(await read()).toBe('k'.repeat(40));
    expect(await read()).toBe('k'.repeat(40));
    expect(calls).toBe(2);
  });
});
