import { randomInt } from 'node:crypto';
import { MESSAGES } from '../../contracts/auth-users.js';
import type { KeyedDigest } from '../auth/keyed-digest.js';
import { TooManyRequests } from '../errors.js';
import { accountMails } from './mails.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { POLICY, RATE_KEYS } from './policy.js';
import type { Clock, Mailer, RateLimits, UsersRepository, VerificationCodes } from './ports.js';
import { seconds } from './time.js';

export interface StartEmailVerificationDeps {
  readonly users: Pick<UsersRepository, 'findByEmail'>;
  readonly codes: Pick<VerificationCodes, 'save'>;
  readonly limits: Pick<RateLimits, 'hit'>;
  readonly mailer: Mailer;
  readonly digest: KeyedDigest;
  readonly now: Clock;
  readonly appUrl: string;
}

/** The digest under which a sign-up code is stored (bound to the address it was sent to). */
export const codeDigest = (digest: KeyedDigest, email: string, code: string) => digest('email-code', `${email}\n${code}`);

/**
 * E-mails a 6-digit sign-up code to `email` (replacing any earlier one). An address that already has an
 * account gets a "you already have an account" e-mail instead, and the answer is the same, so the call
 * does not reveal who is registered. Throws TooManyRequests (plain text) after 3 sends in 10 minutes.
 */
export async function startEmailVerification(deps: StartEmailVerificationDeps, email: string): Promise<{ detail: string }> {
  const now = seconds(deps.now);
  const window = await deps.limits.hit(RATE_KEYS.codeSends(email), POLICY.codeSendWindowSeconds, now);
  if (window.count > POLICY.codeSendsPerWindow) throw new TooManyRequests(MESSAGES.tooManyCodes, true);

  if (await deps.users.findByEmail(email)) {
    await deps.mailer.send(accountMails.alreadyRegistered(email, deps.appUrl));
    return { detail: ACCOUNT_MESSAGES.codeSent };
  }
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await deps.codes.save(email, { codeHash: await codeDigest(deps.digest, email, code), expiresAt: now + POLICY.codeLifetimeSeconds });
  await deps.mailer.send(accountMails.verificationCode(email, code, POLICY.codeLifetimeSeconds / 60));
  return { detail: ACCOUNT_MESSAGES.codeSent };
}
