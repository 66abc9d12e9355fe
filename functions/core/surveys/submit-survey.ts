import type { SurveyRequest, SurveyView } from '../../contracts/meetings.js';
import { ValidationFailed } from '../errors.js';

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

export interface SurveyPorts {
  readonly surveys: SurveysRepository;
  readonly meetings: { find(meetingId: string): Promise<unknown> };
  readonly clock: () => number;
  readonly newId: () => string;
}

/**
 * Stores a feedback survey (public: live-room guests submit it too). A meeting id must name a meeting that exists
 * (issue 28: unknown ids filled the table); meeting ids are random UUIDs, so this tells a caller nothing it could use.
 * Throws ValidationFailed (400) for an unknown meeting.
 */
export async function submitSurvey(ports: SurveyPorts, input: SurveyRequest): Promise<SurveyView> {
  if (input.meeting_id !== null && !(await ports.meetings.find(input.meeting_id))) {
    throw new ValidationFailed({ meeting_id: ['No meeting with this id.'] });
  }
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
