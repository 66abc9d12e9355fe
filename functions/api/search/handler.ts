import { searchAuthenticator, searchContext } from '../../wiring/search.js';
import { createApiHandler } from '../http/router.js';
import { searchRoutes } from './routes.js';

/** /api/search/...: search across the caller's meetings (spec §7 "Search") and Ask (docs/search.md); wired in functions/wiring/search.ts. */
export const handler = createApiHandler(searchRoutes(searchContext), { authenticator: searchAuthenticator });
