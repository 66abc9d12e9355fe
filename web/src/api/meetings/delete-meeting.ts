/** DELETE /api/meetings/{id}/ (host only). */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../api-client.js';
import { isMeetingsKey } from './get-meetings.js';

/** Deletes the meeting with its recording; throws ApiError. */
export async function deleteMeeting(meetingId: string): Promise<void> {
  await apiRequest(`/api/meetings/${encodeURIComponent(meetingId)}/`, { method: 'DELETE' });
}

/** Deletes the meeting, then reads the list's pages again (without waiting for them). The call throws ApiError. */
export function useDeleteMeeting(): (meetingId: string) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async (meetingId: string) => {
    await deleteMeeting(meetingId);
    void mutate(isMeetingsKey);
  }, [mutate]);
}
