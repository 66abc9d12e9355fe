/**
 * The Surveys function's context (/api/surveys/..., spec §7 "Survey"): the surveys and meetings items of the main table,
 * built once per container when the handler module loads. Throws ConfigError.
 */
import { randomUUID } from 'node:crypto';
import { documentClient } from '../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../adapters/dynamodb/meetings-repository.js';
import { createPublicCallLimiter } from '../adapters/dynamodb/public-call-limiter.js';
import { createSurveysRepository } from '../adapters/dynamodb/surveys-repository.js';
import { readConfig } from '../config.js';

const config = readConfig(['TABLE_NAME']);

/** What the survey routes run on. */
export const surveysContext = {
  surveys: createSurveysRepository(documentClient, config.TABLE_NAME),
  meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
  clock: Date.now,
  newId: randomUUID,
};

/** The limiter of the function's public calls (a survey is answered without an account). */
export const surveysPublicLimiter = createPublicCallLimiter(documentClient, config.TABLE_NAME);
