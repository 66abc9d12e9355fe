import { signingKeyFromSecret } from '../../adapters/auth/signing-key.js';
import { connectContext } from '../../wiring/integrations.js';
import { createJwtAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createPublicCallLimiter } from '../../adapters/dynamodb/public-call-limiter.js';
import { createRateLimits } from '../../adapters/dynamodb/rate-limits-repository.js';
import { createTokenVersions, createUsersRepository } from '../../adapters/dynamodb/users-repository.js';
import { createRefreshSessions, createResetKeys, createVerificationCodes } from '../../adapters/dynamodb/verification-repository.js';
import { sesClient } from '../../adapters/mail/client.js';
import { createSesMailer } from '../../adapters/mail/ses-mailer.js';
import { readConfig } from '../../config.js';
import { createKeyedDigest } from '../../core/auth/keyed-digest.js';
import { createScryptHasher } from '../../core/auth/passwords.js';
import { createTokenService } from '../../core/auth/tokens.js';
import { billingAdapters } from '../../wiring/billing.js';
import { minutesBalanceFromConfig } from '../../wiring/minutes.js';
import { billingRoutes } from '../billing/routes.js';
import { createApiHandler } from '../http/router.js';
import { accountRoutes } from './routes.js';
import { integrationRoutes } from '../integrations/routes.js';

const config = readConfig(['TABLE_NAME', 'MAIL_FROM', 'PUBLIC_APP_URL', 'AUTH_SECRET_ID']);
const signingKey = signingKeyFromSecret(config.AUTH_SECRET_ID);
const tokens = createTokenService({ signingKey });
const users = createUsersRepository(documentClient, config.TABLE_NAME);
const billing = billingAdapters(documentClient, config.TABLE_NAME);

// The Subscription calls share the /api/users/ prefix, so they are served here (functions/api/billing).
export const handler = createApiHandler([...accountRoutes({
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
  appUrl: config.PUBLIC_APP_URL.replace(/\/+$/, ''),
}), ...billingRoutes({ ...billing, users, appUrl: config.PUBLIC_APP_URL.replace(/\/+$/, '') }), ...integrationRoutes(connectContext)], {
  authenticator: createJwtAuthenticator(tokens, createTokenVersions(documentClient, config.TABLE_NAME)),
  publicLimiter: createPublicCallLimiter(documentClient, config.TABLE_NAME),
});
