import { MESSAGES, type TokenPair } from '../../contracts/auth-users.js';
import type { PasswordHasher } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';
import { TooManyRequests, ValidationFailed } from '../errors.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { POLICY, RATE_KEYS } from './policy.js';
import type { Clock, RateLimits, RateWindow, RefreshSessions, UsersRepository } from './ports.js';
import { openSession } from './refresh-access.js';
import { seconds } from './time.js';

export interface SignInDeps {
  readonly users: Pick<UsersRepository, 'findByEmail'>;
  readonly limits: RateLimits;
  readonly hasher: PasswordHasher;
  readonly tokens: Pick<TokenService, 'issuePair'>;
  readonly sessions: Pick<RefreshSessions, 'open'>;
  readonly now: Clock;
}

export interface SignInInput { readonly username: string; readonly password: string; readonly sourceIp?: string }

const dummyHashes = new WeakMap<PasswordHasher, Promise<string>>();

/** A hash to verify against when the account does not exist, so both cases cost the same time. */
function dummyHash(hasher: PasswordHasher): Promise<string> {
  let hash = dummyHashes.get(hasher);
  if (!hash) dummyHashes.set(hasher, (hash = hasher.hash('not-a-real-password')));
  return hash;
}

const invalid = () => ValidationFailed.nonField(MESSAGES.invalidCredentials);

function lockedOut(window: RateWindow, now: number): TooManyRequests {
  return new TooManyRequests(ACCOUNT_MESSAGES.tooManySignIns(Math.max(1, Math.ceil((window.resetsAt - now) / 60))));
}

/**
 * Exchanges e-mail and password for an access/refresh pair. Never says which part was wrong.
 * Every attempt is COUNTED BEFORE the password is checked (one atomic increment per counter), so a burst
 * of parallel guesses gets no more password checks than the limits allow: per account and source address
 * (the guessing limit), per account from all sources (higher, so a single attacker cannot lock the owner
 * out) and per source address. Past a limit the call answers 429 until the window closes. A success takes
 * its own count back and clears the account's counters. Throws ValidationFailed or TooManyRequests.
 */
export async function signIn(deps: SignInDeps, input: SignInInput): Promise<TokenPair> {
  if (input.username === '' || input.password === '') throw invalid();
  const now = seconds(deps.now);
  const window = POLICY.signInWindowSeconds;
  const user = await deps.users.findByEmail(input.username);
  // The token version is part of the key, so a password reset (which bumps it) lifts every per-source lock.
  const pairKey = RATE_KEYS.signInAccountFromIp(`${input.username}#v${user?.tokenVersion ?? 0}`, input.sourceIp ?? 'unknown');
  const accountKey = RATE_KEYS.signInAccount(input.username);
  const ipKey = input.sourceIp ? RATE_KEYS.signInIp(input.sourceIp) : undefined;

  const pair = await deps.limits.hit(pairKey, window, now);
  if (pair.count > POLICY.signInFailuresPerAccountAndIp) throw lockedOut(pair, now);
  const account = await deps.limits.hit(accountKey, window, now);
  if (account.count > POLICY.signInFailuresPerAccount) throw lockedOut(account, now);
  if (ipKey) {
    const ip = await deps.limits.hit(ipKey, window, now);
    if (ip.count > POLICY.signInFailuresPerIp) throw lockedOut(ip, now);
  }

  const ok = await deps.hasher.verify(input.password, user?.passwordHash ?? (await dummyHash(deps.hasher)));
  if (!user || !ok) throw invalid();
  await deps.limits.clear(pairKey);
  await deps.limits.clear(accountKey);
  if (ipKey) await deps.limits.refund(ipKey, now);
  return openSession(deps, user);
}
