import { accountsContext, connectContext, subscriptionContext, usersAuthenticator, usersPublicLimiter } from '../../wiring/auth-users.js';
import { billingRoutes } from '../billing/routes.js';
import { createApiHandler } from '../http/router.js';
import { integrationRoutes } from '../integrations/routes.js';
import { accountRoutes } from './routes.js';

/**
 * /api/users/...: accounts (spec §7 "Authentication and user"); the Subscription calls (functions/api/billing) and the integrations'
 * connections share the prefix, so they are served here. What they run on is built in functions/wiring/auth-users.ts.
 */
export const handler = createApiHandler(
  [...accountRoutes(accountsContext), ...billingRoutes(subscriptionContext), ...integrationRoutes(connectContext)],
  { authenticator: usersAuthenticator, publicLimiter: usersPublicLimiter },
);
