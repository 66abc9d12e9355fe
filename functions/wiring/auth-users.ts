/**
 * The AuthUsers function's context (/api/users/...: accounts, the subscription calls and the integrations' connections,
 * which share the prefix), built once per container when the handler module loads. Apart from accounts.ts, which the
 * Meetings function imports too, so that no other function bundles the mailer's, the signing key's or Stripe's settings.
 * Throws ConfigError.
 */
import { signingKeyFromSecret } from '../adapters/auth/signing-key.js';
import { createJwtAuthenticator } from '../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createPublicCallLimiter } from '../adapters/dynamodb/public-call-limiter.js';
import { createRateLimits } from '../adapters/dynamodb/rate-limits-repository.js';
import { createTokenVersions, createUsersRepository } from '../adapters/dynamodb/users-repository.js';
import { createRefreshSessions, createResetKeys, createVerificationCodes } from '../adapters/dynamodb/verification-repository.js';
import { sesClient } from '../adapters/mail/client.js';
import { createSesMailer } from '../adapters/mail/ses-mailer.js';
import { readConfig } from '../config.js';
import { createKeyedDigest } from '../core/auth/keyed-digest.js';
import { createScryptHasher } from '../core/auth/passwords.js';
import { createTokenService } from '../core/auth/tokens.js';
import { billingAdapters } from './billing.js';
import { minutesBalanceFromConfig } from './minutes.js';

export { connectContext } from './integrations.js';

const config = readConfig(['TABLE_NAME', 'MAIL_FROM', 'PUBLIC_APP_URL', 'AUTH_SECRET_ID']);
const signingKey = signingKeyFromSecret(config.AUTH_SECRET_ID);
const tokens = createTokenService({ signingKey });
const users = createUsersRepository(documentClient, config.TABLE_NAME);
const appUrl = config.PUBLIC_APP_URL.replace(/\/+$/, '');

/** What the account routes run on (sign-up, sign-in, verification, password reset, profile). */
export const accountsContext = {
  users,
  minutes: minutesBalanceFromConfig(documentClient, config.TABLE_NAME),
  codes: createVerificationCodes(documentClient, config.TABLE_NAME),
  resetKeys: createResetKeys(documentClient, config.TABLE_NAME),
  sessions: createRefreshSessions(documentClient, config.TABLE_NAME),
  limits: createRateLimits(documentClient, config.TABLE_NAME),
  mailer: createSesMailer(sesClient, config.MAIL_FROM),
  hasher: createScryptHasher(),
  digest: createKeyedDigest(signingKey),
  tokens,
  now: Date.now,
  appUrl,
};

/** What the subscription routes run on (functions/api/billing/routes.ts). */
export const subscriptionContext = { ...billingAdapters(documentClient, config.TABLE_NAME), users, appUrl };

/** The bearer token check, against the users' token versions uncached (this function revokes them). */
export const usersAuthenticator = createJwtAuthenticator(tokens, createTokenVersions(documentClient, config.TABLE_NAME));

/** The limiter of the function's public calls (sign-up, sign-in, password reset). */
export const usersPublicLimiter = createPublicCallLimiter(documentClient, config.TABLE_NAME);
