/** GET /api/meetings/{id}/sentiments_data/ — the sentiment series (empty with status 'processing' until ready). */
import useSWR from 'swr';
import type { SentimentsResponse } from '@contracts/insights.js';
import { apiRequest } from '../api-client.js';

export const sentimentsKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/sentiments_data/`;

/** Fetches the series; throws ApiError. */
export function getSentiments(meetingId: string): Promise<SentimentsResponse> {
  return apiRequest<SentimentsResponse>(sentimentsKey(meetingId));
}

export function useSentiments(meetingId: string) {
  return useSWR(sentimentsKey(meetingId), () => getSentiments(meetingId), { revalidateOnFocus: false });
}
