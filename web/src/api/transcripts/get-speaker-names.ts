/** GET /api/meetings/{id}/speaker_names/ — label ('Speaker N') → name; empty while the transcript is not ready. */
import useSWR from 'swr';
import type { SpeakerNamesAnswer } from '@contracts/transcripts.js';
import { apiRequest } from '../api-client.js';

export const speakerNamesKey = (meetingId: string) => `/api/meetings/${encodeURIComponent(meetingId)}/speaker_names/`;

/** Fetches the names; throws ApiError. */
export function getSpeakerNames(meetingId: string): Promise<SpeakerNamesAnswer> {
  return apiRequest<SpeakerNamesAnswer>(speakerNamesKey(meetingId));
}

/** The speaker names, fetched only when `enabled` (the host labelling a ready transcript). */
export function useSpeakerNames(meetingId: string, enabled: boolean) {
  return useSWR(enabled ? speakerNamesKey(meetingId) : null, () => getSpeakerNames(meetingId), { revalidateOnFocus: false });
}
