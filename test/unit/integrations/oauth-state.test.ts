import { issueState, redeemState, STATE_TTL_SECONDS, type NonceStore } from '../../../functions/core/integrations/oauth-state.js';
import { ValidationFailed } from '../../../functions/core/errors.js';
import { createStateSigner } from '../../../functions/adapters/integrations/state-signer.js';

function memoryNonces(): NonceStore & { size(): number } {
  const issued = new Map<string, { userId: string; expiresAt: number }>();
  return {
    async issue(nonce, userId, expiresAt) { issued.set(nonce, { userId, expiresAt }); },
    async consume(nonce, now) {
      const entry = issued.get(nonce);
      issued.delete(nonce);
      return entry && entry.expiresAt >= now ? { userId: entry.userId } : undefined;
    },
    size: () => issued.size,
  };
}

describe('OAuth state: marker + signed, single-use, expiring nonce bound to the user', () => {
  let now = 1_800_000_000;
  let n = 0;
  const signer = createStateSigner(async () => new Uint8Array(32).fill(7));
  const setup = () => {
    const nonces = memoryNonces();
    return { signer, nonces, newNonce: () => `nonce-${(n += 1)}`, nowSeconds: () => now };
  };

  it('starts with the service marker the SPA checks and redeems once for the user it was issued to', async () => {
    const deps = setup();
    const state = await issueState(deps, 'zoom', 'user-1');
    expect(state.split('.')[0]).toBe('meetscribe-zoom');
    await expect(redeemState(deps, 'zoom', 'user-1', state)).resolves.toBeUndefined();
    await expect(redeemState(deps, 'zoom', 'user-1', state)).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('refuses it for another user (login CSRF) and does not burn the nonce doing so', async () => {
    const deps = setup();
    const state = await issueState(deps, 'zoom', 'victim');
    await expect(redeemState(deps, 'zoom', 'attacker', state)).rejects.toBeInstanceOf(ValidationFailed);
    expect(deps.nonces.size()).toBe(1);
  });

  it('refuses it for another service, after expiry, with the bare marker or a changed payload', async () => {
    const deps = setup();
    const zoom = await issueState(deps, 'zoom', 'user-1');
    await expect(redeemState(deps, 'webex', 'user-1', zoom)).rejects.toBeInstanceOf(ValidationFailed);
    await expect(redeemState(deps, 'zoom', 'user-1', 'meetscribe-zoom')).rejects.toBeInstanceOf(ValidationFailed);
    await expect(redeemState(deps, 'zoom', 'user-1', undefined)).rejects.toBeInstanceOf(ValidationFailed);
    const [marker, payload, sig] = zoom.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: 'user-2' })).toString('base64url');
    await expect(redeemState(deps, 'zoom', 'user-2', `${marker}.${other}.${sig}`)).rejects.toBeInstanceOf(ValidationFailed);
    now += STATE_TTL_SECONDS + 1;
    await expect(redeemState(deps, 'zoom', 'user-1', zoom)).rejects.toBeInstanceOf(ValidationFailed);
  });

  it('refuses a nonce that was never issued even when signed correctly (server-side single use)', async () => {
    const deps = setup();
    const state = await issueState(deps, 'webex', 'user-1');
    const fresh = setup();
    await expect(redeemState(fresh, 'webex', 'user-1', state)).rejects.toBeInstanceOf(ValidationFailed);
  });
});
