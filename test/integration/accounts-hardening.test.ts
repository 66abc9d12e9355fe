import { ENUMERATION_FLOOR_MS } from '../../functions/api/auth-users/routes.js';
import { AccountsHarness } from '../helpers/accounts-harness.js';

// Its own edition: accounts.test.ts ends by blocking 127.0.0.1 for sign-ins (the per-address limit).
let api: AccountsHarness;
beforeAll(async () => { api = await AccountsHarness.start(); }, 120_000);
afterAll(async () => { await api?.stop(); }, 60_000);

const signUpBody = (email: string, code: string) => ({
  first_name: 'Ada', last_name: 'Lovelace', username: email, password: 'analytical1', consent: true, verification_code: code,
});

describe('issue #19: revocation, rotation, bursts', () => {
  it('revokes the old access token when the password changes, and on server-side sign-out', async () => {
    const user = await api.registered('revoke@example.com');
    const change = { old_password: 'analytical1', new_password: 'engine-two', confirm_new_password: 'engine-two' };
    const changed = await api.call('POST', `users/${user.id}/change_password/`, { token: user.access, json: change });
    expect(changed.status).toBe(200);
    expect((await api.call('GET', 'users/', { token: user.access })).status).toBe(401);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.refresh } })).status).toBe(401);
    // The device that made the change keeps a session of its own (docs/accounts.md): fresh tokens in the answer.
    expect((await api.call('GET', 'users/', { token: changed.body.access })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: changed.body.refresh } })).status).toBe(200);
    const again = await api.call('POST', 'auth/token/obtain/', { json: { username: 'revoke@example.com', password: 'engine-two' } });
    expect((await api.call('GET', 'users/', { token: again.body.access })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/revoke/', { token: again.body.access })).status).toBe(200);
    expect((await api.call('GET', 'users/', { token: again.body.access })).status).toBe(401);
    // Signing out again with the dead token (the app's Sign Out after a password change) is no error, and revokes nothing.
    const third = await api.call('POST', 'auth/token/obtain/', { json: { username: 'revoke@example.com', password: 'engine-two' } });
    expect((await api.call('POST', 'auth/token/revoke/', { token: again.body.access })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/revoke/')).status).toBe(200);
    expect((await api.call('GET', 'users/', { token: third.body.access })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: again.body.refresh } })).status).toBe(401);
  }, 60_000);

  it('rotates refresh tokens and revokes the session when an old one is replayed', async () => {
    const user = await api.registered('rotate@example.com');
    const next = await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.refresh } });
    expect(next.status).toBe(200);
    expect(next.body.refresh).toEqual(expect.any(String));
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.refresh } })).status).toBe(401);
    expect((await api.call('GET', 'users/', { token: next.body.access })).status).toBe(401);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: next.body.refresh } })).status).toBe(401);
  }, 60_000);

  it('honours only the newest reset key', async () => {
    await api.registered('newest@example.com');
    await api.call('POST', 'users/forgot_password/', { json: { email: 'newest@example.com' } });
    const older = await api.resetKeyFor('newest@example.com');
    await api.call('POST', 'users/forgot_password/', { json: { email: 'newest@example.com' } });
    const newer = await api.resetKeyFor('newest@example.com');
    const reset = (key: string) => api.call('POST', 'users/reset_password/', { json: { key, new_password: 'brand-new-1', confirm_new_password: 'brand-new-1' } });
    expect((await reset(older)).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
  }, 60_000);

  it('does not sign in with the right password sent among 30 parallel wrong ones', async () => {
    await api.registered('burst@example.com');
    const passwords = [...Array.from({ length: 30 }, (_, i) => `wrong-password-${i}`), 'analytical1'];
    const answers = await Promise.all(passwords.map((password) => api.call('POST', 'auth/token/obtain/', { json: { username: 'burst@example.com', password } })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(26);
  }, 120_000);

  it('does not create the account for the right code sent among 40 parallel wrong ones', async () => {
    await api.call('POST', 'users/start_email_verification/', { json: { email: 'codeburst@example.com' } });
    const code = await api.codeFor('codeburst@example.com');
    const wrong = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all([...wrong, code].map((c) => api.call('POST', 'users/', { json: signUpBody('codeburst@example.com', c) })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(0);
  }, 120_000);

  it('answers forgot_password and start_email_verification no faster for unknown than for known addresses', async () => {
    await api.registered('known@example.com');
    for (const [path, email] of [['users/forgot_password/', 'known@example.com'], ['users/forgot_password/', 'unknown@example.com'],
      ['users/start_email_verification/', 'known@example.com'], ['users/start_email_verification/', 'unknown2@example.com']]) {
      const started = performance.now();
      expect((await api.call('POST', path, { json: { email } })).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(ENUMERATION_FLOOR_MS - 1);
    }
  }, 60_000);
});
