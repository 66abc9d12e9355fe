/** POST /api/search/ask/ {question, meeting_id} — an extractive answer with the passages it comes from (docs/search.md, "Ask"). */
import useSWR from 'swr';
import type { AskAnswer } from '@contracts/ask.js';
import { apiRequest } from '../api-client.js';

export const ASK_KEY = '/api/search/ask/';

/** The answer to a question over the caller's meetings (or one of them); throws ApiError. */
export function askMeetings(question: string, meetingId?: string): Promise<AskAnswer> {
  return apiRequest<AskAnswer>(ASK_KEY, { method: 'POST', json: { question, meeting_id: meetingId ?? null } });
}

/** The answer to a question, or nothing while the question is empty. */
export function useAsk(question: string, meetingId?: string) {
  const asked = question.trim();
  return useSWR(asked ? [ASK_KEY, asked, meetingId ?? ''] : null, () => askMeetings(asked, meetingId), { revalidateOnFocus: false });
}
