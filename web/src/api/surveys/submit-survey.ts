/** POST /api/surveys/meeting/ {email, meeting_id, rating, maximum_rating, note} (public call). */
import { SURVEY_MAXIMUM_RATING, type SurveyView } from '@contracts/meetings.js';
import { apiRequest } from '../api-client.js';

export interface SurveyInput {
  email: string;
  meetingId: string | null;
  rating: number;
  note: string;
}

/** Sends the feedback; throws ApiError. */
export function submitSurvey(input: SurveyInput): Promise<SurveyView> {
  return apiRequest<SurveyView>('/api/surveys/meeting/', {
    method: 'POST',
    auth: false,
    json: { email: input.email, meeting_id: input.meetingId, rating: input.rating, maximum_rating: SURVEY_MAXIMUM_RATING, note: input.note },
  });
}
