import { randomUUID, timingSafeEqual } from 'node:crypto';
import { passwordProblem, type SignUpRequest, type User } from '../../contracts/auth-users.js';
import type { KeyedDigest } from '../auth/keyed-digest.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { ValidationFailed, type FieldErrors } from '../errors.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { POLICY } from './policy.js';
import { EmailTaken, type AccountMinutes, type Clock, type UsersRepository, type VerificationCodes } from './ports.js';
import { codeDigest } from './start-email-verification.js';
import { seconds } from './time.js';
import { toUser } from './user-view.js';

export interface SignUpDeps {
  readonly users: Pick<UsersRepository, 'create'>;
  readonly codes: VerificationCodes;
  readonly hasher: PasswordHasher;
  readonly digest: KeyedDigest;
  readonly now: Clock;
  /** The new account's minutes come from the billing context, so sign-up reports the configured free allowance. */
  readonly minutes: AccountMinutes;
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Creates an account from the sign-up payload. Every field problem is reported at once as
 * `{field: [messages]}`; a wrong guess counts against the code (5 burn it), and the code is consumed
 * only by a sign-up that succeeds. Throws ValidationFailed.
 */
export async function signUp(deps: SignUpDeps, input: SignUpRequest): Promise<User & { selected_plan: string | null }> {
  const errors: FieldErrors = {};
  if (input.first_name.trim() === '') errors.first_name = [ACCOUNT_MESSAGES.required];
  if (input.last_name.trim() === '') errors.last_name = [ACCOUNT_MESSAGES.required];
  const problem = passwordProblem(input.password);
  if (problem) errors.password = [problem];
  if (!input.consent) errors.consent = [ACCOUNT_MESSAGES.consentRequired];

  const codeHash = input.verification_code === '' ? undefined : await codeDigest(deps.digest, input.username, input.verification_code);
  // The guess is counted before it is compared (one atomic increment), so parallel guesses cannot get more
  // than codeMaxAttempts comparisons between them.
  const stored = codeHash === undefined ? undefined : await deps.codes.claimAttempt(input.username, POLICY.codeMaxAttempts);
  const codeOk = codeHash !== undefined && stored !== undefined && stored.expiresAt > seconds(deps.now) && sameHex(stored.codeHash, codeHash);
  if (input.verification_code === '') errors.verification_code = [ACCOUNT_MESSAGES.required];
  else if (!codeOk) errors.verification_code = [ACCOUNT_MESSAGES.invalidCode];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

  if (!(await deps.codes.consume(input.username, codeHash!))) throw new ValidationFailed({ verification_code: [ACCOUNT_MESSAGES.invalidCode] });
  const at = new Date(deps.now()).toISOString();
  const record = {
    id: randomUUID(), email: input.username, firstName: input.first_name, lastName: input.last_name, company: '',
    passwordHash: await deps.hasher.hash(input.password), emailNotes: true, selectedPlan: input.selected_plan ?? null,
    tokenVersion: 0, createdAt: at, consentedAt: at,
  };
  try {
    await deps.users.create(record);
  } catch (err) {
    if (err instanceof EmailTaken) throw new ValidationFailed({ username: [ACCOUNT_MESSAGES.emailTaken] });
    throw err;
  }
  return { ...toUser(record, await deps.minutes.minutesLeft(record.id)), selected_plan: record.selectedPlan };
}
