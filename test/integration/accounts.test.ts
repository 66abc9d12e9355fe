import { MESSAGES } from '../../functions/contracts/auth-users.js';
import { ACCOUNT_MESSAGES } from '../../functions/core/accounts/messages.js';
import { AccountsHarness } from '../helpers/accounts-harness.js';

let api: AccountsHarness;
beforeAll(async () => { api = await AccountsHarness.start(); });
afterAll(async () => { await api?.stop(); });

const signUpBody = (email: string, code: string, extra: Record<string, unknown> = {}) => ({
  first_name: 'Ada', last_name: 'Lovelace', username: email, password: 'analytical1', consent: true,
  verification_code: code, selected_plan: 'pro-monthly', ...extra,
});

describe('POST users/start_email_verification/', () => {
  it('mails a 6-digit code', async () => {
    const answer = await api.call('POST', 'users/start_email_verification/', { json: { email: 'Code.Mail@Example.com' } });
    expect(answer.status).toBe(200);
    expect(await api.codeFor('code.mail@example.com')).toMatch(/^\d{6}$/);
  });

  it('rejects an invalid address with a field error', async () => {
    const answer = await api.call('POST', 'users/start_email_verification/', { json: { email: 'not-an-email' } });
    expect(answer).toMatchObject({ status: 400, body: { email: ['Enter a valid email address.'] } });
  });

  it('answers the fourth send within 10 minutes with 429 and the plain-text message', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await api.call('POST', 'users/start_email_verification/', { json: { email: 'often@example.com' } })).status).toBe(200);
    }
    const answer = await api.call('POST', 'users/start_email_verification/', { json: { email: 'often@example.com' } });
    expect(answer.status).toBe(429);
    expect(answer.contentType).toContain('text/plain');
    expect(answer.body).toBe(MESSAGES.tooManyCodes);
    expect(await api.mailTo('often@example.com')).toHaveLength(3);
  });
});

describe('POST users/', () => {
  it('creates the account with the mailed code and echoes the selected plan', async () => {
    await api.call('POST', 'users/start_email_verification/', { json: { email: 'new@example.com' } });
    const answer = await api.call('POST', 'users/', { json: signUpBody('new@example.com', await api.codeFor('new@example.com')) });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ email: 'new@example.com', first_name: 'Ada', selected_plan: 'pro-monthly', preferred_plan: 'pro-monthly' });
  });

  it('reports each invalid field with its message', async () => {
    await api.call('POST', 'users/start_email_verification/', { json: { email: 'fields@example.com' } });
    const code = await api.codeFor('fields@example.com');
    const blanks = await api.call('POST', 'users/', { json: { username: 'fields@example.com', verification_code: code } });
    expect(blanks.status).toBe(400);
    expect(blanks.body).toEqual({
      first_name: [ACCOUNT_MESSAGES.required], last_name: [ACCOUNT_MESSAGES.required],
      password: [MESSAGES.passwordTooShort], consent: [ACCOUNT_MESSAGES.consentRequired],
    });
    const numeric = await api.call('POST', 'users/', { json: signUpBody('fields@example.com', code, { password: '12345678901' }) });
    expect(numeric.body).toEqual({ password: [MESSAGES.passwordAllNumeric] });
    const wrongCode = await api.call('POST', 'users/', { json: signUpBody('fields@example.com', code === '000000' ? '000001' : '000000') });
    expect(wrongCode.body).toEqual({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
    const badEmail = await api.call('POST', 'users/', { json: signUpBody('nope', code) });
    expect(badEmail.body.username).toEqual(['Enter a valid email address.']);
  });

  it('accepts a code once', async () => {
    await api.call('POST', 'users/start_email_verification/', { json: { email: 'once@example.com' } });
    const code = await api.codeFor('once@example.com');
    expect((await api.call('POST', 'users/', { json: signUpBody('once@example.com', code) })).status).toBe(201);
    const again = await api.call('POST', 'users/', { json: signUpBody('once@example.com', code) });
    expect(again).toMatchObject({ status: 400, body: { verification_code: [ACCOUNT_MESSAGES.invalidCode] } });
  });

  it('sends a registered address an "already registered" notice instead of a code', async () => {
    await api.registered('taken@example.com');
    const answer = await api.call('POST', 'users/start_email_verification/', { json: { email: 'taken@example.com' } });
    expect(answer).toMatchObject({ status: 200, body: { detail: ACCOUNT_MESSAGES.codeSent } });
    const [newest] = await api.mailTo('taken@example.com');
    expect(newest.subject).toMatch(/already have/);
    expect(newest.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe('tokens', () => {
  let user: { id: string; access: string; refresh: string };
  beforeAll(async () => { user = await api.registered('tokens@example.com'); });

  it('signs in and lets the access token read the user', async () => {
    const me = await api.call('GET', 'users/', { token: user.access });
    expect(me.status).toBe(200);
    expect(me.body.results).toHaveLength(1);
    expect(me.body.results[0]).toEqual({
      id: user.id, first_name: 'Test', last_name: 'User', company: '', email: 'tokens@example.com',
      user_settings: { email_notes: true }, minutes: 60, preferred_plan: null,
      zoom_integrated: false, zoom_refresh_token_exists: false, webex_integrated: false, webex_refresh_token_exists: false,
      webex_auto_share_on: false, webex_auto_record_on: false, todoist_integrated: false, todoist_access_token_exists: false,
      todoist_auto_store_to_inbox: false, basicops_integrated: false, basicops_refresh_token_exists: false,
    });
  });

  it('answers a wrong password and an unknown user with the same 400', async () => {
    for (const json of [{ username: 'tokens@example.com', password: 'wrong-one' }, { username: 'ghost@example.com', password: 'analytical1' }, {}]) {
      const answer = await api.call('POST', 'auth/token/obtain/', { json });
      expect(answer).toMatchObject({ status: 400, body: { non_field_errors: [MESSAGES.invalidCredentials] } });
    }
  });

  it('answers 401 without a token, with a refresh token, and with a forged or tampered one', async () => {
    const [header, payload] = user.access.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone' })).toString('base64url')}.${user.access.split('.')[2]}`;
    for (const token of [undefined, user.refresh, tampered, `${header}.${payload}.AAAA`, 'garbage']) {
      expect((await api.call('GET', 'users/', { token })).status).toBe(401);
    }
  });

  it('refreshes an access token, and refuses an access token or garbage as refresh', async () => {
    const fresh = await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.refresh } });
    expect(fresh.status).toBe(200);
    expect((await api.call('GET', 'users/', { token: fresh.body.access })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.access } })).status).toBe(401);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: 'x.y.z' } })).status).toBe(401);
    expect((await api.call('POST', 'auth/token/refresh/', { json: {} })).status).toBe(400);
  });
});

describe('profile and settings', () => {
  let ada: { id: string; access: string };
  let bob: { id: string; access: string };
  beforeAll(async () => {
    ada = await api.registered('profile-ada@example.com');
    bob = await api.registered('profile-bob@example.com');
  });

  it('updates name and company from a form-encoded body and ignores the e-mail', async () => {
    const answer = await api.call('PUT', `users/${ada.id}/`, { token: ada.access,
      form: { first_name: 'Augusta', last_name: 'King', company: 'Analytical', email: 'other@example.com' } });
    expect(answer).toMatchObject({ status: 200, body: { first_name: 'Augusta', last_name: 'King', company: 'Analytical', email: 'profile-ada@example.com' } });
    const blank = await api.call('PUT', `users/${ada.id}/`, { token: ada.access, form: { first_name: '', last_name: 'King' } });
    expect(blank).toMatchObject({ status: 400, body: { first_name: [ACCOUNT_MESSAGES.required] } });
  });

  it('switches e-mail notes', async () => {
    const answer = await api.call('PUT', `users/${ada.id}/user_settings/`, { token: ada.access, json: { email_notes: false } });
    expect(answer).toMatchObject({ status: 200, body: { user_settings: { email_notes: false } } });
  });

  it('answers 404 for another user\'s id and changes nothing', async () => {
    const form = { first_name: 'Mallory', last_name: 'X' };
    expect((await api.call('PUT', `users/${bob.id}/`, { token: ada.access, form })).status).toBe(404);
    expect((await api.call('PUT', `users/${bob.id}/user_settings/`, { token: ada.access, json: { email_notes: false } })).status).toBe(404);
    const change = { old_password: 'analytical1', new_password: 'taken-over-1', confirm_new_password: 'taken-over-1' };
    expect((await api.call('POST', `users/${bob.id}/change_password/`, { token: ada.access, json: change })).status).toBe(404);
    const me = (await api.call('GET', 'users/', { token: bob.access })).body.results[0];
    expect(me).toMatchObject({ first_name: 'Test', user_settings: { email_notes: true } });
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'profile-bob@example.com', password: 'analytical1' } })).status).toBe(200);
  });

  it('answers 401 to profile calls without a token', async () => {
    expect((await api.call('PUT', `users/${ada.id}/`, { form: { first_name: 'A', last_name: 'B' } })).status).toBe(401);
  });
});

describe('POST users/{id}/change_password/', () => {
  let user: { id: string; access: string; refresh: string };
  beforeAll(async () => { user = await api.registered('change@example.com'); });
  const change = (old_password: string, new_password: string, confirm_new_password = new_password) =>
    api.call('POST', `users/${user.id}/change_password/`, { token: user.access, json: { old_password, new_password, confirm_new_password } });

  it('reports each rule with its field and message', async () => {
    expect((await change('wrong-one', 'engine-two')).body).toEqual({ old_password: [ACCOUNT_MESSAGES.wrongOldPassword] });
    expect((await change('analytical1', 'analytical1')).body).toEqual({ new_password: [MESSAGES.passwordSameAsOld] });
    expect((await change('analytical1', 'short')).body).toEqual({ new_password: [MESSAGES.passwordTooShort] });
    expect((await change('analytical1', '1234567890')).body).toEqual({ new_password: [MESSAGES.passwordAllNumeric] });
    expect((await change('analytical1', 'engine-two', 'engine-too')).body).toEqual({ confirm_new_password: [MESSAGES.passwordsDoNotMatch] });
  });

  it('changes the password and revokes the old refresh token', async () => {
    expect(await change('analytical1', 'engine-two')).toMatchObject({ status: 200, body: { detail: ACCOUNT_MESSAGES.passwordChanged } });
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'change@example.com', password: 'analytical1' } })).status).toBe(400);
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'change@example.com', password: 'engine-two' } })).status).toBe(200);
    expect((await api.call('POST', 'auth/token/refresh/', { json: { refresh: user.refresh } })).status).toBe(401);
  });
});

describe('password reset', () => {
  beforeAll(async () => { await api.registered('reset@example.com'); });
  const reset = (key: string, new_password = 'brand-new-1', confirm_new_password = new_password) =>
    api.call('POST', 'users/reset_password/', { json: { key, new_password, confirm_new_password } });

  it('gives the same answer for an unknown address and mails nothing to it', async () => {
    const known = await api.call('POST', 'users/forgot_password/', { json: { email: 'reset@example.com' } });
    const unknown = await api.call('POST', 'users/forgot_password/', { json: { email: 'nobody@example.com' } });
    expect(unknown).toEqual(known);
    expect(known.status).toBe(200);
    expect(await api.mailTo('nobody@example.com')).toHaveLength(0);
    expect((await api.mailTo('reset@example.com'))[0].text).toContain(`${api.edition.url}/auth/resetPassword?key=`);
  });

  it('rejects rule violations and bad keys as non-field errors, then resets once', async () => {
    await api.call('POST', 'users/forgot_password/', { json: { email: 'reset@example.com' } });
    const key = await api.resetKeyFor('reset@example.com');
    expect((await reset(key, 'brand-new-1', 'brand-new-2')).body).toEqual({ non_field_errors: [MESSAGES.passwordsDoNotMatch] });
    expect((await reset(key, 'short')).body).toEqual({ non_field_errors: [MESSAGES.passwordTooShort] });
    expect((await reset(key, '123456789')).body).toEqual({ non_field_errors: [MESSAGES.passwordAllNumeric] });
    expect((await reset('forged-key')).body).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidResetKey] });
    expect((await api.call('POST', 'users/reset_password/', { json: {} })).status).toBe(400);

    expect(await reset(key)).toMatchObject({ status: 200, body: { detail: ACCOUNT_MESSAGES.passwordReset } });
    expect((await reset(key, 'brand-new-2')).body).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidResetKey] });
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'reset@example.com', password: 'brand-new-1' } })).status).toBe(200);
  });
});

// Last: the local gateway reports every request as coming from 127.0.0.1, so the IP counter is shared.
describe('sign-in lockout', () => {
  it('answers 429 with a retry hint after 5 failures and keeps it until reset', async () => {
    await api.registered('locked@example.com');
    for (let i = 0; i < 5; i += 1) {
      expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'locked@example.com', password: 'wrong-one' } })).status).toBe(400);
    }
    const locked = await api.call('POST', 'auth/token/obtain/', { json: { username: 'locked@example.com', password: 'analytical1' } });
    expect(locked).toMatchObject({ status: 429, body: { detail: ACCOUNT_MESSAGES.tooManySignIns(15) } });

    await api.call('POST', 'users/forgot_password/', { json: { email: 'locked@example.com' } });
    const key = await api.resetKeyFor('locked@example.com');
    await api.call('POST', 'users/reset_password/', { json: { key, new_password: 'unlocked-1', confirm_new_password: 'unlocked-1' } });
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'locked@example.com', password: 'unlocked-1' } })).status).toBe(200);
  });

  it('blocks the source address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      await api.call('POST', 'auth/token/obtain/', { json: { username: `spray-${i}@example.com`, password: 'wrong-one' } });
    }
    expect((await api.call('POST', 'auth/token/obtain/', { json: { username: 'tokens@example.com', password: 'analytical1' } })).status).toBe(429);
  });
});
