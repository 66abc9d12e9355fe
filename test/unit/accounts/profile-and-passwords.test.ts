import { MESSAGES } from '../../../functions/contracts/auth-users.js';
import { changePassword } from '../../../functions/core/accounts/change-password.js';
import { ACCOUNT_MESSAGES } from '../../../functions/core/accounts/messages.js';
import { requestPasswordReset, resetPassword } from '../../../functions/core/accounts/password-reset.js';
import { listCurrentUser, updateProfile, updateSettings } from '../../../functions/core/accounts/profile.js';
import { signIn } from '../../../functions/core/accounts/sign-in.js';
import { NotFound, TooManyRequests, ValidationFailed } from '../../../functions/core/errors.js';
import { memoryWorld, userRecord, type MemoryWorld } from './in-memory.js';

const email = 'ada@example.com';
const ada = { userId: 'ada' };
let world: MemoryWorld;

beforeEach(async () => {
  world = memoryWorld();
  await world.users.create(userRecord({ id: 'ada', email, passwordHash: await world.hasher.hash('analytical1'), selectedPlan: 'pro' }));
  await world.users.create(userRecord({ id: 'bob', email: 'bob@example.com', firstName: 'Bob' }));
});

async function bodyOf(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof ValidationFailed)) throw new Error(`expected ValidationFailed, got ${String(error)}`);
  return error.body();
}

describe('profile', () => {
  it('lists the caller as the only result, with every integration flag false', async () => {
    const { results } = await listCurrentUser(world, ada);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ id: 'ada', email, minutes: 60, preferred_plan: 'pro', user_settings: { email_notes: true }, zoom_integrated: false, basicops_refresh_token_exists: false });
  });

  it('updates the caller\'s own name and company', async () => {
    const user = await updateProfile(world, ada, 'ada', { firstName: 'Augusta', lastName: 'King', company: 'Analytical' });
    expect(user).toMatchObject({ first_name: 'Augusta', last_name: 'King', company: 'Analytical', email });
  });

  it('answers 404 for another user\'s id and changes nothing', async () => {
    await expect(updateProfile(world, ada, 'bob', { firstName: 'X', lastName: 'Y', company: 'Z' })).rejects.toBeInstanceOf(NotFound);
    await expect(updateSettings(world, ada, 'bob', false)).rejects.toBeInstanceOf(NotFound);
    expect(world.users.byId.get('bob')).toMatchObject({ firstName: 'Bob', emailNotes: true });
  });

  it('turns e-mail notes off and on', async () => {
    expect((await updateSettings(world, ada, 'ada', false)).user_settings).toEqual({ email_notes: false });
    expect((await updateSettings(world, ada, 'ada', true)).user_settings).toEqual({ email_notes: true });
  });
});

describe('changePassword', () => {
  const change = (old_password: string, new_password: string, confirm_new_password = new_password) =>
    changePassword(world, ada, 'ada', { old_password, new_password, confirm_new_password });

  it('changes the password so only the new one signs in', async () => {
    await expect(change('analytical1', 'engine-two')).resolves.toEqual({ detail: ACCOUNT_MESSAGES.passwordChanged, access: expect.any(String), refresh: expect.any(String) });
    await expect(signIn(world, { username: email, password: 'analytical1' })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(signIn(world, { username: email, password: 'engine-two' })).resolves.toHaveProperty('access');
  });

  it('reports a wrong old password on old_password', async () => {
    expect(await bodyOf(change('wrong-one', 'engine-two'))).toEqual({ old_password: [ACCOUNT_MESSAGES.wrongOldPassword] });
  });

  it('rejects the existing password as the new one', async () => {
    expect(await bodyOf(change('analytical1', 'analytical1'))).toEqual({ new_password: [MESSAGES.passwordSameAsOld] });
  });

  it('applies the length and all-numeric rules and the confirmation', async () => {
    expect(await bodyOf(change('analytical1', 'short'))).toEqual({ new_password: [MESSAGES.passwordTooShort] });
    expect(await bodyOf(change('analytical1', '1234567890'))).toEqual({ new_password: [MESSAGES.passwordAllNumeric] });
    expect(await bodyOf(change('analytical1', 'engine-two', 'engine-too'))).toEqual({ confirm_new_password: [MESSAGES.passwordsDoNotMatch] });
  });

  it('refuses another user\'s id', async () => {
    await expect(changePassword(world, ada, 'bob', { old_password: 'x', new_password: 'engine-two', confirm_new_password: 'engine-two' })).rejects.toBeInstanceOf(NotFound);
  });

  it('counts wrong old passwords towards the sign-in lockout', async () => {
    for (let i = 0; i < 5; i += 1) await bodyOf(change('wrong-one', 'engine-two'));
    await expect(change('analytical1', 'engine-two')).rejects.toBeInstanceOf(TooManyRequests);
  });
});

describe('password reset', () => {
  const reset = (key: string, new_password = 'brand-new-1', confirm_new_password = new_password) =>
    resetPassword(world, { key, new_password, confirm_new_password });

  it('answers the same whether or not the account exists, mailing only the real one', async () => {
    const known = await requestPasswordReset(world, email);
    const unknown = await requestPasswordReset(world, 'nobody@example.com');
    expect(unknown).toEqual(known);
    expect(world.mailer.sent.map((m) => m.to)).toEqual([email]);
    expect(world.mailer.sent[0].text).toContain('https://app.example.test/auth/resetPassword?key=');
  });

  it('resets the password with the mailed key, once', async () => {
    await requestPasswordReset(world, email);
    const key = world.mailer.lastResetKey(email);
    await expect(reset(key)).resolves.toEqual({ detail: ACCOUNT_MESSAGES.passwordReset });
    await expect(signIn(world, { username: email, password: 'brand-new-1' })).resolves.toHaveProperty('access');
    expect(await bodyOf(reset(key, 'brand-new-2'))).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidResetKey] });
  });

  it('rejects an expired key, a made-up key and a blank one', async () => {
    await requestPasswordReset(world, email);
    const key = world.mailer.lastResetKey(email);
    world.clock.advance(3600);
    for (const k of [key, 'made-up-key', '']) expect(await bodyOf(reset(k))).toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidResetKey] });
  });

  it('checks the password rules before spending the key', async () => {
    await requestPasswordReset(world, email);
    const key = world.mailer.lastResetKey(email);
    expect(await bodyOf(reset(key, 'short'))).toEqual({ non_field_errors: [MESSAGES.passwordTooShort] });
    expect(await bodyOf(reset(key, '123456789'))).toEqual({ non_field_errors: [MESSAGES.passwordAllNumeric] });
    expect(await bodyOf(reset(key, 'brand-new-1', 'brand-new-2'))).toEqual({ non_field_errors: [MESSAGES.passwordsDoNotMatch] });
    await expect(reset(key)).resolves.toHaveProperty('detail');
  });

  it('revokes refresh tokens and lifts a sign-in lockout', async () => {
    const before = (await world.users.findById('ada'))!.tokenVersion;
    for (let i = 0; i < 5; i += 1) await signIn(world, { username: email, password: 'wrong-one' }).catch(() => undefined);
    await requestPasswordReset(world, email);
    await reset(world.mailer.lastResetKey(email));
    expect((await world.users.findById('ada'))!.tokenVersion).toBe(before + 1);
    await expect(signIn(world, { username: email, password: 'brand-new-1' })).resolves.toHaveProperty('access');
  });

  it('limits reset requests per address to 3 in 10 minutes, known or not', async () => {
    for (const address of [email, 'nobody@example.com']) {
      for (let i = 0; i < 3; i += 1) await requestPasswordReset(world, address);
      await expect(requestPasswordReset(world, address)).rejects.toBeInstanceOf(TooManyRequests);
    }
  });
});

describe('password reset keys', () => {
  it('honours only the newest reset key of a user', async () => {
    await requestPasswordReset(world, email);
    const older = world.mailer.lastResetKey(email);
    await requestPasswordReset(world, email);
    const newer = world.mailer.lastResetKey(email);
    expect(await bodyOf(resetPassword(world, { key: older, new_password: 'brand-new-1', confirm_new_password: 'brand-new-1' })))
      .toEqual({ non_field_errors: [ACCOUNT_MESSAGES.invalidResetKey] });
    await expect(resetPassword(world, { key: newer, new_password: 'brand-new-1', confirm_new_password: 'brand-new-1' })).resolves.toHaveProperty('detail');
  });
});
