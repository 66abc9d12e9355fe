import { signingKeyFromSecret } from '../../adapters/auth/signing-key.js';
import { createJwtAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createRateLimits } from '../../adapters/dynamodb/rate-limits-repository.js';
import { createUsersRepository } from '../../adapters/dynamodb/users-repository.js';
import { createResetKeys, createVerificationCodes } from '../../adapters/dynamodb/verification-repository.js';
import { sesClient } from '../../adapters/mail/client.js';
import { createSesMailer } from '../../adapters/mail/ses-mailer.js';
import { readConfig } from '../../config.js';
import { createKeyedDigest } from '../../core/auth/keyed-digest.js';
import { createScryptHasher } from '../../core/auth/passwords.js';
import { createTokenService } from '../../core/auth/tokens.js';
import { createApiHandler } from '../http/router.js';
import { accountRoutes } from './routes.js';
import { integrationRoutes } from '../integrations/routes.js';

const config = readConfig(['TABLE_NAME', 'MAIL_FROM', 'PUBLIC_APP_URL', 'AUTH_SECRET_ID']);
const signingKey = signingKeyFromSecret(config.AUTH_SECRET_ID);
const tokens = createTokenService({ signingKey });

export const handler = createApiHandler([...accountRoutes({
  users: createUsersRepository(documentClient, config.TABLE_NAME),
  codes: createVerificationCodes(documentClient, config.TABLE_NAME),
  resetKeys: createResetKeys(documentClient, config.TABLE_NAME),
  limits: createRateLimits(documentClient, config.TABLE_NAME),
  mailer: createSesMailer(sesClient, config.MAIL_FROM),
  hasher: createScryptHasher(),
  digest: createKeyedDigest(signingKey),
  tokens,
  now: Date.now,
  appUrl: config.PUBLIC_APP_URL.replace(/\/+$/, ''),
}), ...integrationRoutes()], { authenticator: createJwtAuthenticator(tokens) });
