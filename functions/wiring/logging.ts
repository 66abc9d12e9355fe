/**
 * The container's one logger (structured JSON lines, functions/adapters/logging/logger.ts), as the handlers' shared
 * HTTP layer (functions/api/http/router.ts) and the contexts' wiring take it: route code imports no adapter.
 */
export { bindLambdaContext, logger } from '../adapters/logging/logger.js';
