import { randomBytes } from 'node:crypto';
import { MESSAGES, passwordProblem } from '../../contracts/auth-users.js';
import type { KeyedDigest } from '../auth/keyed-digest.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { TooManyRequests, ValidationFailed } from '../errors.js';
import { accountMails } from './mails.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { POLICY, RATE_KEYS } from './policy.js';
import type { Clock, Mailer, RateLimits, ResetKeys, UsersRepository } from './ports.js';
import { seconds } from './time.js';

export interface RequestPasswordResetDeps {
  readonly users: Pick<UsersRepository, 'findByEmail'>;
  readonly resetKeys: Pick<ResetKeys, 'save'>;
  readonly limits: Pick<RateLimits, 'hit'>;
  readonly mailer: Mailer;
  readonly digest: KeyedDigest;
  readonly now: Clock;
  readonly appUrl: string;
}

/**
 * E-mails a single-use reset link (valid 1 hour) when `email` has an account; the answer is the same
 * either way. Throws TooManyRequests after 3 requests for one address in 10 minutes (counted whether or
 * not the account exists, so the limit reveals nothing either).
 */
export async function requestPasswordReset(deps: RequestPasswordResetDeps, email: string): Promise<{ detail: string }> {
  const now = seconds(deps.now);
  const window = await deps.limits.hit(RATE_KEYS.resetRequests(email), POLICY.resetRequestWindowSeconds, now);
  if (window.count > POLICY.resetRequestsPerWindow) throw new TooManyRequests(ACCOUNT_MESSAGES.tooManyResetRequests);

  const user = await deps.users.findByEmail(email);
  if (user) {
    const key = randomBytes(32).toString('base64url');
    await deps.resetKeys.save(await deps.digest('reset-key', key), user.id, now + POLICY.resetKeyLifetimeSeconds);
    const link = `${deps.appUrl}/auth/resetPassword?key=${encodeURIComponent(key)}`;
    await deps.mailer.send(accountMails.passwordReset(user.email, link, POLICY.resetKeyLifetimeSeconds / 60));
  }
  return { detail: ACCOUNT_MESSAGES.resetLinkSent };
}

export interface ResetPasswordDeps {
  readonly users: Pick<UsersRepository, 'findById' | 'replacePassword'>;
  readonly resetKeys: Pick<ResetKeys, 'consume'>;
  readonly limits: Pick<RateLimits, 'clear'>;
  readonly hasher: PasswordHasher;
  readonly digest: KeyedDigest;
  readonly now: Clock;
}

export interface PasswordResetInput { readonly new_password: string; readonly confirm_new_password: string; readonly key: string }

/**
 * Sets a new password with a reset key. Password problems are checked first, so they do not burn the
 * key; the key is then consumed atomically. Revokes refresh tokens and lifts any sign-in lockout.
 * Throws ValidationFailed with `non_field_errors` (the reset screen shows the first one).
 */
export async function resetPassword(deps: ResetPasswordDeps, input: PasswordResetInput): Promise<{ detail: string }> {
  const problem = input.new_password !== input.confirm_new_password ? MESSAGES.passwordsDoNotMatch : passwordProblem(input.new_password);
  if (problem) throw ValidationFailed.nonField(problem);
  const userId = input.key === '' ? undefined : await deps.resetKeys.consume(await deps.digest('reset-key', input.key), seconds(deps.now));
  const user = userId === undefined ? undefined : await deps.users.findById(userId);
  if (!user) throw ValidationFailed.nonField(ACCOUNT_MESSAGES.invalidResetKey);

  await deps.users.replacePassword(user.id, await deps.hasher.hash(input.new_password));
  await deps.limits.clear(RATE_KEYS.signInAccount(user.email));
  await deps.limits.clear(RATE_KEYS.passwordChecks(user.id));
  return { detail: ACCOUNT_MESSAGES.passwordReset };
}
