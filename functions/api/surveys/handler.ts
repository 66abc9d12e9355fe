import { randomUUID } from 'node:crypto';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createPublicCallLimiter } from '../../adapters/dynamodb/public-call-limiter.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createSurveysRepository } from '../../adapters/dynamodb/surveys-repository.js';
import { readConfig } from '../../config.js';
import { createApiHandler } from '../http/router.js';
import { surveyRoutes } from './routes.js';

const config = readConfig(['TABLE_NAME']);

/** /api/surveys/...: feedback surveys (spec §7 "Survey"). */
export const handler = createApiHandler(surveyRoutes({
  surveys: createSurveysRepository(documentClient, config.TABLE_NAME),
  meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
  clock: Date.now,
  newId: randomUUID,
}), { publicLimiter: createPublicCallLimiter(documentClient, config.TABLE_NAME) });
