import { bearerAuthenticator } from '../../adapters/auth/jwt-authenticator.js';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { readConfig } from '../../config.js';
import { createApiHandler } from '../http/router.js';
import { searchRoutes } from './routes.js';

const config = readConfig(['TABLE_NAME']);

/** /api/search/...: search across the caller's meetings (spec §7 "Search"). */
export const handler = createApiHandler(searchRoutes({
  meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
}), { authenticator: bearerAuthenticator() });
