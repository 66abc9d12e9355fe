import { surveyRequest } from '../../contracts/meetings.js';
import { submitSurvey, type SurveyPorts } from '../../core/surveys/submit-survey.js';
import { route, type Route } from '../http/router.js';
import { created } from '../http/response.js';

/** POST surveys/meeting/ (public: live-room guests submit it without an account). */
export function surveyRoutes(d: SurveyPorts): Route<any>[] {
  return [
    route({ method: 'POST', path: 'surveys/meeting/', auth: 'public', body: surveyRequest,
      handle: async ({ body }) => created(await submitSurvey(d, body)) }),
  ];
}
