/** GET /api/meetings/{id}/speaker_name_options/ — host only: the meeting's names, then the host's recent ones (issue 30). */
import useSWR from 'swr';
import type { NameOptionsAnswer } from '@contracts/transcripts.js';
import { apiRequest } from '../api-client.js';

export const nameOptionsKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/speaker_name_options/`;

/** Fetches the names; throws ApiError. */
export function getNameOptions(meetingId: string): Promise<NameOptionsAnswer> {
  return apiRequest<NameOptionsAnswer>(nameOptionsKey(meetingId));
}

/** The names to offer while the host is renaming (a failure leaves the fields plain). */
export function useNameOptions(meetingId: string, enabled: boolean) {
  return useSWR(enabled ? nameOptionsKey(meetingId) : null, () => getNameOptions(meetingId), { revalidateOnFocus: false, shouldRetryOnError: false });
}
