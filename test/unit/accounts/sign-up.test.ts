import { MESSAGES, type SignUpRequest } from '../../../functions/contracts/auth-users.js';
import { ACCOUNT_MESSAGES } from '../../../functions/core/accounts/messages.js';
import { signUp } from '../../../functions/core/accounts/sign-up.js';
import { freePlanMinutes } from '../../../functions/core/billing/ledger.js';
import { startEmailVerification } from '../../../functions/core/accounts/start-email-verification.js';
import { TooManyRequests, ValidationFailed } from '../../../functions/core/errors.js';
import { memoryWorld, userRecord, type MemoryWorld } from './in-memory.js';

const email = 'ada@example.com';
const payload = (code: string, overrides: Partial<SignUpRequest> = {}): SignUpRequest => ({
  first_name: 'Ada', last_name: 'Lovelace', username: email, password: 'analytical1', consent: true,
  verification_code: code, selected_plan: 'pro-monthly', ...overrides,
});

async function fieldErrors(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof ValidationFailed)) throw new Error(`expected ValidationFailed, got ${String(error)}`);
  return error.fields;
}

describe('startEmailVerification', () => {
  let world: MemoryWorld;
  beforeEach(() => { world = memoryWorld(); });

  it('mails a 6-digit code and stores only its digest', async () => {
    await startEmailVerification(world, email);
    const code = world.mailer.lastCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = world.codes.codes.get(email)!;
    expect(stored.codeHash).not.toContain(code);
    expect(stored.expiresAt).toBe(world.now() / 1000 + 600);
  });

  it('refuses a fourth send within 10 minutes with the plain-text message, and allows it after', async () => {
    for (let i = 0; i < 3; i += 1) await startEmailVerification(world, email);
    const error = await startEmailVerification(world, email).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).body()).toBe(MESSAGES.tooManyCodes);
    expect(world.mailer.sent).toHaveLength(3);
    world.clock.advance(600);
    await startEmailVerification(world, email);
    expect(world.mailer.sent).toHaveLength(4);
  });

  it('sends an already-registered notice, not a code, to a taken address, with the same answer', async () => {
    await startEmailVerification(world, email);
    const fresh = await signUp(world, payload(world.mailer.lastCode(email)));
    const answer = await startEmailVerification(world, email);
    expect(answer).toEqual({ detail: ACCOUNT_MESSAGES.codeSent });
    expect(fresh.email).toBe(email);
    expect(world.mailer.sent.at(-1)!.subject).toMatch(/already have/);
    expect(world.codes.codes.has(email)).toBe(false);
  });
});

describe('signUp', () => {
  let world: MemoryWorld;
  let code: string;
  beforeEach(async () => {
    world = memoryWorld();
    await startEmailVerification(world, email);
    code = world.mailer.lastCode(email);
  });

  it('reports the configured free-plan allowance (MEETSCRIBE_FREE_PLAN_MINUTES), not a constant', async () => {
    const configured = memoryWorld({ freeMinutes: freePlanMinutes('25') });
    await startEmailVerification(configured, email);
    const user = await signUp(configured, payload(configured.mailer.lastCode(email)));
    expect(user.minutes).toBe(25);
  });

  it('creates the user with a hashed password and echoes the selected plan', async () => {
    const user = await signUp(world, payload(code));
    expect(user).toMatchObject({ email, first_name: 'Ada', last_name: 'Lovelace', company: '', selected_plan: 'pro-monthly', preferred_plan: 'pro-monthly', minutes: 60 });
    const stored = world.users.byId.get(user.id)!;
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(await world.hasher.verify('analytical1', stored.passwordHash)).toBe(true);
  });

  it('reports every invalid field at once and keeps the code usable', async () => {
    const fields = await fieldErrors(signUp(world, payload('000000', { password: '1234', consent: false })));
    expect(fields).toEqual({
      password: [MESSAGES.passwordTooShort], consent: [ACCOUNT_MESSAGES.consentRequired], verification_code: [ACCOUNT_MESSAGES.invalidCode],
    });
    await expect(signUp(world, payload(code))).resolves.toMatchObject({ email });
  });

  it('requires first and last name', async () => {
    const fields = await fieldErrors(signUp(world, payload(code, { first_name: ' ', last_name: '' })));
    expect(fields).toEqual({ first_name: [ACCOUNT_MESSAGES.required], last_name: [ACCOUNT_MESSAGES.required] });
  });

  it('rejects an all-numeric password and a blank code', async () => {
    const fields = await fieldErrors(signUp(world, payload('', { password: '1234567890' })));
    expect(fields).toEqual({ password: [MESSAGES.passwordAllNumeric], verification_code: [ACCOUNT_MESSAGES.required] });
  });

  it('accepts a code only once', async () => {
    await signUp(world, payload(code));
    const fields = await fieldErrors(signUp(world, payload(code)));
    expect(fields).toEqual({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
  });

  it('rejects an expired code', async () => {
    world.clock.advance(600);
    expect(await fieldErrors(signUp(world, payload(code)))).toEqual({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
  });

  it('rejects a code sent to another address', async () => {
    await startEmailVerification(world, 'eve@example.com');
    const other = world.mailer.lastCode('eve@example.com');
    const fields = await fieldErrors(signUp(world, payload(other)));
    expect(fields.verification_code).toEqual([ACCOUNT_MESSAGES.invalidCode]);
  });

  it('burns the code after 5 wrong guesses', async () => {
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i += 1) await fieldErrors(signUp(world, payload(wrong)));
    expect(await fieldErrors(signUp(world, payload(code)))).toEqual({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
  });

  it('compares no more than 5 guesses when 40 wrong codes and the right one arrive at once', async () => {
    const wrong = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const results = await Promise.allSettled([...wrong, code].map((c) => signUp(world, payload(c))));
    expect(results.at(-1)!.status).toBe('rejected');
    expect(world.users.byId.size).toBe(0);
    expect(await fieldErrors(signUp(world, payload(code)))).toEqual({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
  });

  it('only honours the newest code', async () => {
    await startEmailVerification(world, email);
    const newest = world.mailer.lastCode(email);
    if (newest !== code) expect((await fieldErrors(signUp(world, payload(code)))).verification_code).toBeDefined();
    await expect(signUp(world, payload(newest))).resolves.toMatchObject({ email });
  });

  it('reports a taken e-mail on username when the address was claimed meanwhile', async () => {
    await world.users.create(userRecord({ email }));
    expect(await fieldErrors(signUp(world, payload(code)))).toEqual({ username: [ACCOUNT_MESSAGES.emailTaken] });
  });
});
