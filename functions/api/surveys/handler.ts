import { surveysContext, surveysPublicLimiter } from '../../wiring/surveys.js';
import { createApiHandler } from '../http/router.js';
import { surveyRoutes } from './routes.js';

/** /api/surveys/...: feedback surveys (spec §7 "Survey"); what they run on is built in functions/wiring/surveys.ts. */
export const handler = createApiHandler(surveyRoutes(surveysContext), { publicLimiter: surveysPublicLimiter });
