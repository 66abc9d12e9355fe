import type { SurveyRequest, SurveyView } from '../../contracts/meetings.js';

export interface SurveyRecord {
  readonly id: string;
  readonly email: string;
  readonly meetingId: string | null;
  readonly rating: number;
  readonly maximumRating: number;
  readonly note: string;
  readonly createdAt: string;
}

export interface SurveysRepository { save(survey: SurveyRecord): Promise<void> }

/**
 * Stores a feedback survey (public: live-room guests submit it too). The meeting id is kept as given and
 * not checked, so the call reveals nothing about which meetings exist.
 */
export async function submitSurvey(
  ports: { surveys: SurveysRepository; clock: () => number; newId: () => string }, input: SurveyRequest,
): Promise<SurveyView> {
  const record: SurveyRecord = {
    id: ports.newId(), email: input.email, meetingId: input.meeting_id, rating: input.rating,
    maximumRating: input.maximum_rating, note: input.note, createdAt: new Date(ports.clock()).toISOString(),
  };
  await ports.surveys.save(record);
  return {
    id: record.id, email: record.email, meeting_id: record.meetingId, rating: record.rating,
    maximum_rating: record.maximumRating, note: record.note, created_at: record.createdAt,
  };
}
