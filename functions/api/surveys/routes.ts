import { surveyRequest } from '../../contracts/meetings.js';
import { submitSurvey, type SurveysRepository } from '../../core/surveys/submit-survey.js';
import { route, type Route } from '../http/router.js';
import { created } from '../http/response.js';

/** POST surveys/meeting/ (public: live-room guests submit it without an account). */
export function surveyRoutes(d: { surveys: SurveysRepository; clock: () => number; newId: () => string }): Route<any>[] {
  return [
    route({ method: 'POST', path: 'surveys/meeting/', auth: 'public', body: surveyRequest,
      handle: async ({ body }) => created(await submitSurvey(d, body)) }),
  ];
}
