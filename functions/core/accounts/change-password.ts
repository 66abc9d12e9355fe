import { MESSAGES, passwordProblem } from '../../contracts/auth-users.js';
import type { TokenPair } from '../../contracts/auth-users.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';
import { NotFound, TooManyRequests, ValidationFailed, type FieldErrors } from '../errors.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { POLICY, RATE_KEYS } from './policy.js';
import type { Clock, RateLimits, RefreshSessions, UsersRepository } from './ports.js';
import { openSession } from './refresh-access.js';
import { assertSelf, type Caller } from './profile.js';
import { seconds } from './time.js';

export interface ChangePasswordDeps {
  readonly users: Pick<UsersRepository, 'findById' | 'replacePassword'>;
  readonly limits: Pick<RateLimits, 'hit' | 'clear'>;
  readonly hasher: PasswordHasher;
  readonly tokens: Pick<TokenService, 'issuePair'>;
  readonly sessions: Pick<RefreshSessions, 'open'>;
  readonly now: Clock;
}

export interface PasswordChange { readonly old_password: string; readonly new_password: string; readonly confirm_new_password: string }

/**
 * Changes the caller's password after checking the old one (wrong guesses count towards the sign-in
 * lockout, so a stolen session cannot brute-force it) and the §5 rules; all problems are reported
 * together. Revokes every access and refresh token of the user (every other device is signed out) and opens a
 * fresh session for the device that made the change, whose tokens it returns: the person who just proved the
 * old password stays signed in here (docs/accounts.md). Throws NotFound, ValidationFailed or TooManyRequests.
 */
export async function changePassword(
  deps: ChangePasswordDeps, caller: Caller, id: string, change: PasswordChange,
): Promise<{ detail: string } & TokenPair> {
  assertSelf(caller, id);
  const user = await deps.users.findById(id);
  if (!user) throw new NotFound();
  const now = seconds(deps.now);
  // Counted before the check (atomically), so parallel guesses get no more checks than the limit.
  const lockKey = RATE_KEYS.passwordChecks(user.id);
  const window = await deps.limits.hit(lockKey, POLICY.signInWindowSeconds, now);
  if (window.count > POLICY.passwordChecksPerAccount) {
    throw new TooManyRequests(ACCOUNT_MESSAGES.tooManySignIns(Math.max(1, Math.ceil((window.resetsAt - now) / 60))));
  }

  const errors: FieldErrors = {};
  const oldPasswordOk = await deps.hasher.verify(change.old_password, user.passwordHash);
  if (oldPasswordOk) await deps.limits.clear(lockKey);
  if (!oldPasswordOk) {
    errors.old_password = [ACCOUNT_MESSAGES.wrongOldPassword];
  } else if (change.new_password === change.old_password) {
    errors.new_password = [MESSAGES.passwordSameAsOld];
  }
  const problem = passwordProblem(change.new_password);
  if (problem) (errors.new_password ??= []).push(problem);
  if (change.confirm_new_password !== change.new_password) errors.confirm_new_password = [MESSAGES.passwordsDoNotMatch];
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

  await deps.users.replacePassword(id, await deps.hasher.hash(change.new_password));
  const changed = await deps.users.findById(id);
  if (!changed) throw new NotFound();
  return { detail: ACCOUNT_MESSAGES.passwordChanged, ...(await openSession(deps, changed)) };
}
